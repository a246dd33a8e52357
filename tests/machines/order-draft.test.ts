import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { clientMessages } from '../../contracts/messages';
import {
  type CheckoutAnswer,
  MAX_SELECTED_ARTISTS,
  type Order,
  orderMessages,
  type TempOrder,
} from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { storageKeys } from '../../contracts/storage-keys';
import { connectOrderDraft } from '../../machines/order-draft.connect';
import {
  accountKey,
  completedFromServer,
  emptyForms,
  initialDraftContext,
  localErrorsOf,
  type OrderDraftEvent,
  orderDraftMachine,
  persistParams,
  readDraftInput,
} from '../../machines/order-draft.machine';
import type {
  CompletableStep,
  CompletedSteps,
  CreateTempOrderOutput,
  DraftAccount,
  DraftCallInput,
  FormStep,
  OccasionValues,
  OrderDraftInput,
  OrderForms,
  OrderStep,
  SaveStepInput,
  SongValues,
  StartCheckoutInput,
  StoryValues,
} from '../../machines/order-draft.types';
import {
  firstOpenStep,
  isDraftSettled,
  isStepReachable,
  landingStep,
  orderStepPaths,
  orderSteps,
  redirectFor,
  stepGuard,
} from '../../machines/order-steps';
import { customer, validationError } from './fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  transientStateKeys,
  types,
} from './model';

const STEPS: OrderStep[] = ['occasion', 'song', 'story', 'review', 'checkout'];
const FORM_STEPS: FormStep[] = ['occasion', 'song', 'story'];
const SAVE_ACTORS: Record<FormStep, string> = { occasion: 'saveOccasion', song: 'saveSong', story: 'saveStory' };
const NEXT: Record<OrderStep, OrderStep> = {
  occasion: 'song',
  song: 'story',
  story: 'review',
  review: 'checkout',
  checkout: 'checkout',
};
const none: CompletedSteps = { occasion: false, song: false, story: false, review: false };
const allDone: CompletedSteps = { occasion: true, song: true, story: true, review: true };

const ORDER_ID = 41;
const CLIP = 'tmp_clip_abcdefgh';
const PAY_URL = 'https://pay.example.test/sandbox/pay?txn=OR0000000007';

const account: DraftAccount = {
  first_name: customer.first_name,
  last_name: customer.last_name,
  email: customer.email,
  contact_number: customer.contact_number,
  country: customer.country,
  dial_code: customer.dial_code,
};

/** Another customer who signs in while the draft is open. */
const signingIn: DraftAccount = { ...account, first_name: 'Bea', last_name: 'Cruz', email: 'bea@example.com' };
const otherAccount: DraftAccount = { ...account, first_name: 'Cy', last_name: 'Tan', email: 'cy@example.com' };
const gifterFields = ['gifter_first_name', 'gifter_last_name', 'gifter_email', 'gifter_contact_number'] as const;
const isGifterEmpty = (occasion: OccasionValues) => gifterFields.every((name) => occasion[name].trim() === '');
/** The forms without the gifter's details, which a sign-in may fill at any time (even during a save). */
const withoutGifter = (forms: OrderForms) => ({
  ...forms,
  occasion: Object.fromEntries(Object.entries(forms.occasion).filter(([name]) => !name.startsWith('gifter_'))),
});

const filledForms: OrderForms = {
  occasion: {
    ...emptyForms().occasion,
    gifter_first_name: 'Ann',
    gifter_last_name: 'Reyes',
    gifter_email: 'ann@example.com',
    gifter_contact_number: '9171234567',
    recipient_first_name: 'Lia',
    recipient_relationship: 'sibling',
    occasion_name: 'birthday',
  },
  song: {
    ...emptyForms().song,
    selected_artists: ['A-0002'],
    song_mood: 'happy',
    song_tempo: 'upbeat',
    genre: 'pop',
    vocal_type: 'female',
    needed_by: '2030-02-01',
  },
  story: {
    ...emptyForms().story,
    song_about: 'Her twentieth birthday, and the summer we spent by the sea in La Union.',
    song_clip: CLIP,
  },
};

const order: Order = {
  id: 7,
  reference: 'OR0000000007',
  status: 'awaiting_payment',
  price: 3000,
  currency: 'PHP',
  occasion_name: 'birthday',
  recipient_first_name: 'Lia',
  needed_by: '2030-02-01',
  artists: [{ id: 'A-0002', stage_name: 'Ben C' }],
  created_at: '2030-01-01T00:00:00.000Z',
  add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
  paid_at: null,
  events: [],
};
const committed = { id: order.id, reference: order.reference, price: order.price };
const checkoutAnswer: CheckoutAnswer = { payment: { Url: PAY_URL, RefNo: 'REF123', Status: 'P' } };

/** The server's draft holding `completed` steps with `forms`' values (what GET and the PATCHes answer). */
function serverDraft(forms: OrderForms, completed: CompletedSteps, orderId = ORDER_ID): TempOrder {
  const clip = (location: string | null) =>
    location === null
      ? null
      : { temp_location: location, url: `https://signed.test/${location}`, mime: 'audio/mpeg', size: 1000 };
  return {
    id: orderId,
    occasion: completed.occasion ? { ...forms.occasion } : null,
    song: completed.song
      ? {
          ...forms.song,
          artists: forms.song.selected_artists.map((id) => ({
            id,
            stage_name: `Artist ${id}`,
            rate: 3000,
            price: 3000,
            delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
            rush: null,
          })),
        }
      : null,
    story: completed.story
      ? {
          ...forms.story,
          song_clip: clip(forms.story.song_clip),
          song_prompt1_clip: clip(forms.story.song_prompt1_clip),
          song_prompt2_clip: clip(forms.story.song_prompt2_clip),
          audio_recording1_clip: clip(forms.story.audio_recording1_clip),
          audio_recording2_clip: clip(forms.story.audio_recording2_clip),
        }
      : null,
    price: completed.song ? 3000 : null,
    add_ons: completed.song ? { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 } : null,
    earliest_needed_by: completed.song ? '2030-01-15' : null,
    committed_order_id: completed.review ? order.id : null,
  };
}

/** The server one step behind the customer: its last saved step is missing (another tab, a failed write). */
function behind(completed: CompletedSteps): CompletedSteps {
  const last = (['review', 'story', 'song', 'occasion'] as const).find((s) => completed[s]);
  return last ? { ...completed, [last]: false } : completed;
}

const fieldErrors: Record<OrderStep, ReturnType<typeof validationError>> = {
  occasion: validationError({ recipient_first_name: ["Please enter the recipient's first name"] }),
  song: validationError({ needed_by: [orderMessages.neededByTooSoon] }),
  story: validationError({ song_about: [orderMessages.songAboutTooShort] }),
  review: validationError({ selected_artists: [orderMessages.artistUnavailable] }),
  checkout: validationError({ paymentMethod: [orderMessages.paymentMethodRequired] }),
};
const stepMissing = { status: 409, message: orderMessages.stepMissing };
const draftGone = { status: 404, message: serverMessages.notFound };
const rateLimited = { status: 429, message: serverMessages.tooManyRequests };
const offline = { status: undefined, message: clientMessages.network };
const notPayable = { status: 409, message: orderMessages.notPayable };

function modelEvents(snapshot: any): OrderDraftEvent[] {
  const c = snapshot.context;
  const saved = (step: CompletableStep) =>
    serverDraft(c.forms, { ...c.completed, [step]: true }, c.orderId ?? ORDER_ID);
  return [
    ...STEPS.map((step) => ({ type: 'step.open', step }) as const),
    ...FORM_STEPS.map((step) => ({ type: 'step.save', step }) as const),
    { type: 'review.commit' },
    { type: 'checkout.pay', paymentMethod: 'gcash' },
    { type: 'checkout.methodChosen', paymentMethod: 'otc' },
    { type: 'field.changed', step: 'occasion', name: 'recipient_first_name', value: 'Mia' },
    { type: 'artists.toggle', id: 'A-0003' },
    { type: 'artists.preselect', id: 'A-0007' },
    { type: 'clip.set', slot: 'song_prompt1_clip', temp_location: CLIP },
    { type: 'draft.reset' },
    { type: 'draft.discard' },
    { type: 'session.loggedOut' },
    {
      type: 'xstate.done.actor.loadCurrentDraft',
      output: serverDraft(c.forms, { ...none, occasion: true, song: true }),
    },
    { type: 'xstate.done.actor.loadCurrentDraft', output: null },
    { type: 'xstate.error.actor.loadCurrentDraft', error: offline },
    { type: 'xstate.done.actor.discardTempOrder', output: null },
    { type: 'xstate.error.actor.discardTempOrder', error: draftGone },
    { type: 'xstate.error.actor.discardTempOrder', error: offline },
    { type: 'session.loggedIn', account: signingIn },
    // issue 27: another account signs in; the session ends in another tab.
    { type: 'session.loggedIn', account: otherAccount },
    { type: 'session.endedElsewhere' },
    { type: 'clip.pending', slot: 'song_clip', pending: true },
    // The server agrees with the stored draft, or is one step behind it; it lost it; it cannot be reached.
    { type: 'xstate.done.actor.loadTempOrder', output: serverDraft(c.forms, c.completed, c.orderId ?? ORDER_ID) },
    {
      type: 'xstate.done.actor.loadTempOrder',
      output: serverDraft(c.forms, behind(c.completed), c.orderId ?? ORDER_ID),
    },
    { type: 'xstate.error.actor.loadTempOrder', error: draftGone },
    { type: 'xstate.error.actor.loadTempOrder', error: offline },
    { type: 'xstate.done.actor.createTempOrder', output: { order_id: ORDER_ID } },
    { type: 'xstate.error.actor.createTempOrder', error: fieldErrors.occasion },
    { type: 'xstate.error.actor.createTempOrder', error: rateLimited },
    ...FORM_STEPS.flatMap((step) => [
      { type: `xstate.done.actor.${SAVE_ACTORS[step]}`, output: saved(step) },
      { type: `xstate.error.actor.${SAVE_ACTORS[step]}`, error: fieldErrors[step] },
      { type: `xstate.error.actor.${SAVE_ACTORS[step]}`, error: stepMissing },
      { type: `xstate.error.actor.${SAVE_ACTORS[step]}`, error: draftGone },
      { type: `xstate.error.actor.${SAVE_ACTORS[step]}`, error: rateLimited },
    ]),
    { type: 'xstate.done.actor.commitOrder', output: order },
    { type: 'xstate.error.actor.commitOrder', error: fieldErrors.review },
    { type: 'xstate.error.actor.commitOrder', error: stepMissing },
    { type: 'xstate.error.actor.commitOrder', error: draftGone },
    { type: 'xstate.error.actor.commitOrder', error: rateLimited },
    { type: 'xstate.done.actor.startCheckout', output: checkoutAnswer },
    { type: 'xstate.error.actor.startCheckout', error: fieldErrors.checkout },
    { type: 'xstate.error.actor.startCheckout', error: notPayable },
  ] as OrderDraftEvent[];
}

const appActions = ['persistDraft', 'clearStoredDraft', 'goToStep', 'leaveForPayment', 'showErrorToast'] as const;

interface DraftHarness extends Harness {
  /** What the draft's context said when leaveForPayment ran (the draft must be reset before the browser leaves). */
  contextAtLeave: any;
}

function start(input: OrderDraftInput | undefined): DraftHarness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const recorded = recordingActions(appActions, log);
  const harness = { fakes, log, contextAtLeave: null } as unknown as DraftHarness;
  const machine = orderDraftMachine.provide({
    actors: {
      loadTempOrder: fakes.actor<TempOrder, DraftCallInput>('loadTempOrder'),
      loadCurrentDraft: fakes.actor<TempOrder | null, void>('loadCurrentDraft'),
      discardTempOrder: fakes.actor<unknown, DraftCallInput>('discardTempOrder'),
      createTempOrder: fakes.actor<CreateTempOrderOutput, OccasionValues>('createTempOrder'),
      saveOccasion: fakes.actor<TempOrder, SaveStepInput<OccasionValues>>('saveOccasion'),
      saveSong: fakes.actor<TempOrder, SaveStepInput<SongValues>>('saveSong'),
      saveStory: fakes.actor<TempOrder, SaveStepInput<StoryValues>>('saveStory'),
      commitOrder: fakes.actor<Order, DraftCallInput>('commitOrder'),
      startCheckout: fakes.actor<CheckoutAnswer, StartCheckoutInput>('startCheckout'),
    },
    actions: {
      ...recorded,
      leaveForPayment: (args: any, params) => {
        harness.contextAtLeave = args.context;
        recorded.leaveForPayment(args, params);
      },
    },
  });
  harness.actor = createActor(machine, { input }).start();
  return harness;
}

const tags = (s: any) => ({
  busy: s.hasTag('busy'),
  saving: s.hasTag('saving'),
  restoring: s.hasTag('restoring'),
  leaving: s.hasTag('leaving'),
});
const idle = { busy: false, saving: false, restoring: false, leaving: false };
const calling = { busy: true, saving: true, restoring: false, leaving: false };

/** snapshot.can(step.open) says exactly what product §2's guard says (in a state that takes step.open). */
function expectReachability(s: any, open: boolean) {
  for (const step of STEPS)
    expect(s.can({ type: 'step.open', step }), `step.open ${step}`).toBe(
      open && isStepReachable(s.context.completed, s.context.hasPendingOrder, step),
    );
}

function editingExpectation(step: OrderStep) {
  return (s: any, h: Harness) => {
    expect(tags(s)).toEqual(idle);
    // The step the app has open; after a reset none until the app opens one.
    expect(s.context.step).toBe(step === 'occasion' && s.context.step === null ? null : step);
    // product §2: the machine only rests on a step whose guard allows it.
    expect(stepGuard(s.context.completed, s.context.hasPendingOrder, step)).toBeNull();
    expectReachability(s, true);
    for (const other of FORM_STEPS) expect(s.can({ type: 'step.save', step: other })).toBe(other === step);
    // A guest is asked to sign up or log in at review: the commit waits for it.
    expect(s.can({ type: 'review.commit' })).toBe(step === 'review' && !s.context.guest);
    expect(s.can({ type: 'checkout.pay', paymentMethod: 'gcash' })).toBe(step === 'checkout');
    if (step === 'checkout') expect(s.context.order).not.toBeNull();
    // Flags without a draft mean nothing; checkout pending goes with the committed order.
    // (A guest's steps are kept in this browser without one, review never among them; a draft kept for an
    // account signed out in another tab keeps its id, and its order.)
    if (s.context.orderId === null && !s.context.guest) expect(s.context.completed).toEqual(none);
    if (s.context.guest && s.context.orderId === null) expect(s.context.completed.review).toBe(false);
    expect(s.context.checkoutPending).toBe(s.context.completed.review);
    expect(connectOrderDraft(s)).toMatchObject({ openStep: step, busy: false, busyStep: null });
    expect(isDraftSettled(s)).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  };
}

function savingExpectation(step: FormStep, src: string) {
  return (s: any, h: Harness) => {
    expect(tags(s)).toEqual(calling);
    expect(s.context.step).toBe(step);
    expect(s.context.orderId).not.toBeNull();
    expect([...h.fakes.pending.keys()]).toEqual([src]);
    const sent = h.fakes.pending.get(src)?.input as { orderId: number; values: any };
    expect(sent.orderId).toBe(s.context.orderId);
    expect(withoutGifter({ ...s.context.forms, [step]: sent.values })).toEqual(withoutGifter(s.context.forms));
    expect(s.context.errors[step]).toEqual({});
    expect(s.context.lastError).toBeNull();
    expectReachability(s, false);
    expect(connectOrderDraft(s)).toMatchObject({ busyStep: step, openStep: null });
    expect(isDraftSettled(s)).toBe(false);
  };
}

const stateExpectations: Record<string, (s: any, h: DraftHarness) => void> = {
  ...Object.fromEntries(STEPS.map((step) => [`editing.${step}`, editingExpectation(step)])),
  ...Object.fromEntries(FORM_STEPS.map((step) => [`saving.${step}`, savingExpectation(step, SAVE_ACTORS[step])])),
  'saving.creating': (s, h) => {
    expect(tags(s)).toEqual(calling);
    expect(s.context.orderId).toBeNull();
    expect([...h.fakes.pending.keys()]).toEqual(['createTempOrder']);
    const sent = h.fakes.pending.get('createTempOrder')?.input as OccasionValues;
    expect(withoutGifter({ ...s.context.forms, occasion: sent })).toEqual(withoutGifter(s.context.forms));
    expectReachability(s, false);
    expect(connectOrderDraft(s).busyStep).toBe('occasion');
  },
  committing: (s, h) => {
    expect(tags(s)).toEqual(calling);
    expect(s.context.completed.story).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['commitOrder']);
    expect(h.fakes.pending.get('commitOrder')?.input).toEqual({ orderId: s.context.orderId });
    expectReachability(s, false);
    expect(connectOrderDraft(s).busyStep).toBe('review');
  },
  paying: (s, h) => {
    expect(tags(s)).toEqual(calling);
    expect([...h.fakes.pending.keys()]).toEqual(['startCheckout']);
    expect(h.fakes.pending.get('startCheckout')?.input).toEqual({ orderId: order.id, paymentMethod: 'gcash' });
    expectReachability(s, false);
    expect(connectOrderDraft(s).busyStep).toBe('checkout');
  },
  restoring: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, saving: false, restoring: true, leaving: false });
    expect([...h.fakes.pending.keys()]).toEqual(['loadTempOrder']);
    expect(h.fakes.pending.get('loadTempOrder')?.input).toEqual({ orderId: s.context.orderId });
    expectReachability(s, false);
    expect(isDraftSettled(s)).toBe(false);
  },
  // issue 27: a guest's brief saved at sign-in, part by part; the account's draft looked for; Start over.
  ...Object.fromEntries(
    (
      [
        ['occasion', 'createTempOrder'],
        ['song', 'saveSong'],
        ['story', 'saveStory'],
      ] as const
    ).map(([step, src]) => [
      `syncing.${step}`,
      (s: any, h: Harness) => {
        // (A session ended elsewhere meanwhile makes the draft a guest's again: the call's answer still lands.)
        expect(tags(s)).toEqual(calling);
        expect(s.context.completed[step]).toBe(true);
        expect(s.context.orderId === null).toBe(step === 'occasion');
        expect([...h.fakes.pending.keys()]).toEqual([src]);
        const sent = h.fakes.pending.get(src)?.input as any;
        expect(step === 'occasion' ? sent : sent.values).toEqual(s.context.forms[step]);
        expectReachability(s, false);
        expect(isDraftSettled(s)).toBe(false);
      },
    ]),
  ),
  'syncing.occasionAgain': (s, h) => {
    // Signed in again over the account's draft: the occasion kept here is saved to it (PATCH, not a new draft).
    expect(tags(s)).toEqual(calling);
    expect(s.context.unsynced).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['saveOccasion']);
    expect(h.fakes.pending.get('saveOccasion')?.input).toEqual({
      orderId: s.context.orderId,
      values: s.context.forms.occasion,
    });
    expect(isDraftSettled(s)).toBe(false);
  },
  finding: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, saving: false, restoring: true, leaving: false });
    expect(s.context.orderId).toBeNull();
    expect([...h.fakes.pending.keys()]).toEqual(['loadCurrentDraft']);
    expect(isDraftSettled(s)).toBe(false);
  },
  discarding: (s, h) => {
    expect(tags(s)).toEqual(calling);
    expect([...h.fakes.pending.keys()]).toEqual(['discardTempOrder']);
    expect(h.fakes.pending.get('discardTempOrder')?.input).toEqual({ orderId: s.context.orderId });
  },
  leaving: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, saving: false, restoring: false, leaving: true });
    // product §4: the draft was reset before the browser leaves.
    // Only a sign-in (the gifter) or a take under way may have changed it since.
    // Only a sign-in (the gifter, whose draft it is), a take under way or a sign-out elsewhere may have changed it since.
    const { forms, pendingClips: _clips, owner: _owner, guest: _guest, ...rest } = s.context;
    const {
      forms: emptyAtStart,
      pendingClips: _none,
      owner: _noOwner,
      guest: _noGuest,
      ...reset
    } = initialDraftContext(undefined);
    expect(rest).toEqual(reset);
    expect(withoutGifter(forms)).toEqual(withoutGifter(emptyAtStart));
    expectReachability(s, true);
    expect(h.fakes.pending.size).toBe(0);
  },
};

const persisted = (context: any) => ({ type: 'persistDraft', params: persistParams(context) });
const toast = (message: string) => ({ type: 'showErrorToast', params: { message } });
const goTo = (step: OrderStep) => ({ type: 'goToStep', params: { step } });

/** The step the machine moved to, with goToStep when the app had another step open. */
function landing(before: any, after: any) {
  const step = landingStep(after.context.completed, after.context.hasPendingOrder, before.context.step);
  expect(after.value).toEqual({ editing: step });
  return before.context.step !== null && before.context.step !== step ? [goTo(step)] : [];
}

/**
 * issue 27's rules, read from the product: a guest's save is checked here and kept in this browser
 * (never sent); a sign-in saves what a guest wrote (create, song, story) or looks for the account's
 * draft; a part the server refuses puts the customer back on it with the text kept; Start over deletes.
 * Returns true when it judged the step.
 */
function guestExpectations({ harness, event, before, after, actions }: StepCheck<DraftHarness>): boolean {
  const e = event as any;
  const inSync = typeof before.value === 'object' && 'syncing' in before.value;
  if (before.context.guest && event.type === 'step.save' && before.can(event)) {
    expect(harness.fakes.pending.size).toBe(0);
    const errors = localErrorsOf(e.step, before.context.forms);
    if (Object.keys(errors).length > 0) {
      expect(after.value).toEqual(before.value);
      expect(after.context.errors[e.step as FormStep]).toEqual(errors);
      expect(actions).toEqual([]);
    } else {
      expect(after.value).toEqual({ editing: NEXT[e.step as OrderStep] });
      expect(after.context.completed[e.step as FormStep]).toBe(true);
      expect(after.context.hasPendingOrder).toBe(true);
      expect(after.context.orderId).toBe(before.context.orderId);
      // Kept here until someone signs in, when it is sent (a kept draft id included).
      expect(after.context.unsynced).toBe(true);
      expect(actions).toEqual([persisted(after.context), goTo(NEXT[e.step as OrderStep])]);
    }
    return true;
  }
  if (event.type === 'session.loggedIn' && before.context.guest) {
    expect(after.context.guest).toBe(false);
    expect(after.context.owner).toBe(accountKey(e.account));
    const editingNow = typeof before.value === 'object' && 'editing' in before.value;
    const owner = before.context.owner;
    if (editingNow && owner !== null && owner !== accountKey(e.account)) {
      // Another account never sees the draft kept for the one signed out elsewhere: cleared, theirs looked for.
      expect(after.value).toBe('finding');
      expect(after.context.orderId).toBeNull();
      expect(withoutGifter(after.context.forms)).toEqual(withoutGifter(emptyForms()));
      expect(actions).toContainEqual({ type: 'clearStoredDraft', params: undefined });
      return true;
    }
    if (editingNow && before.context.orderId !== null && before.context.unsynced)
      expect(after.value).toEqual({ syncing: 'occasionAgain' });
    // Nothing typed is lost to a sign-in: only a blank gifter is filled in.
    expect(withoutGifter(after.context.forms)).toEqual(withoutGifter(before.context.forms));
    const editing = typeof before.value === 'object' && 'editing' in before.value;
    if (editing && before.context.orderId === null)
      expect(after.value).toBe(before.context.completed.occasion ? after.value : 'finding');
    if (editing && before.context.orderId === null && before.context.completed.occasion)
      expect(after.value).toEqual({ syncing: 'occasion' });
    return true;
  }
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type)?.[1];
  if (inSync && (done || failed)) {
    expect(after.context.forms).toEqual(before.context.forms);
    const step: FormStep =
      done === 'createTempOrder' || failed === 'createTempOrder' || e.type.includes('Occasion')
        ? 'occasion'
        : e.type.includes('Song')
          ? 'song'
          : 'story';
    if (done) {
      if (step === 'occasion') expect(after.context.orderId).toBe(ORDER_ID);
      if (done !== 'createTempOrder') expect(after.context.tempOrder).toEqual(e.output);
      const nextPart = step === 'occasion' ? 'song' : step === 'song' ? 'story' : null;
      if (nextPart && before.context.completed[nextPart]) expect(after.value).toEqual({ syncing: nextPart });
      else {
        expect(after.value).toHaveProperty('editing');
        expect(after.context.unsynced).toBe(false);
      }
    } else {
      // The server refused or failed: back on that step, the text kept, the step not done.
      expect(after.value).toEqual({ editing: step });
      expect(after.context.completed[step]).toBe(false);
      if (e.error.errors) expect(after.context.errors[step]).toEqual(e.error.errors);
      expect(actions).toContainEqual(goTo(step));
    }
    return true;
  }
  if (done === 'loadCurrentDraft' || failed === 'loadCurrentDraft') {
    if (done && e.output) {
      expect(after.context.orderId).toBe(e.output.id);
      expect(after.context.completed).toEqual(completedFromServer(e.output));
      expect(after.context.forms.occasion).toEqual(e.output.occasion);
    } else {
      expect(after.context.orderId).toBeNull();
      expect(after.context.forms).toEqual(before.context.forms);
    }
    expect(after.value).toHaveProperty('editing');
    return true;
  }
  if (done === 'discardTempOrder' || (failed === 'discardTempOrder' && e.error.status === 404)) {
    expect(after.value).toEqual({ editing: 'occasion' });
    expect(after.context.orderId).toBeNull();
    expect(after.context.forms).toEqual(emptyForms());
    expect(actions).toContainEqual({ type: 'clearStoredDraft', params: undefined });
    return true;
  }
  if (failed === 'discardTempOrder') {
    expect(after.context.orderId).toBe(before.context.orderId);
    expect(after.context.forms).toEqual(before.context.forms);
    expect(actions[0]).toEqual(toast(e.error.message));
    return true;
  }
  if (event.type === 'draft.discard') {
    if (!before.can(event)) {
      expect(after.context).toEqual(before.context);
      return true;
    }
    if (before.context.orderId !== null) expect(after.value).toBe('discarding');
    else {
      expect(after.value).toEqual({ editing: 'occasion' });
      expect(after.context.forms).toEqual(emptyForms());
      expect(actions).toContainEqual({ type: 'clearStoredDraft', params: undefined });
    }
    return true;
  }
  return false;
}

function stepExpectations({ harness, event, before, after, actions }: StepCheck<DraftHarness>): void {
  const handled = before.can(event);
  const e = event as any;
  const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type)?.[1];
  const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type)?.[1];
  // Every persisted payload is the context as it is now, under the storage keys' names.
  for (const a of actions.filter((x) => x.type === 'persistDraft')) expect(a).toEqual(persisted(after.context));
  if (guestExpectations({ harness, event, before, after, actions } as StepCheck<DraftHarness>)) return;

  if (done === 'loadTempOrder') {
    const server = e.output as TempOrder;
    // The server wins: its steps, and its values for every step it has; unsaved steps keep what was typed.
    expect(after.context.completed).toEqual(completedFromServer(server));
    expect(after.context.hasPendingOrder).toBe(true);
    expect(after.context.checkoutPending).toBe(server.committed_order_id !== null);
    expect(after.context.tempOrder).toEqual(server);
    if (server.occasion) expect(after.context.forms.occasion).toEqual(server.occasion);
    if (!server.song) expect(after.context.forms.song).toEqual(before.context.forms.song);
    expect(actions).toEqual([persisted(after.context), ...landing(before, after)]);
    return;
  }
  if (failed === 'loadTempOrder') {
    if (e.error.status === 404) {
      // The server has no such draft: forgotten (id, steps, flags), what was typed stays.
      expect(after.context).toMatchObject({ orderId: null, completed: none, hasPendingOrder: false, order: null });
      expect(after.context.forms).toEqual(before.context.forms);
      expect(actions).toEqual([
        persisted(after.context),
        toast(orderMessages.draftNotFound),
        ...landing(before, after),
      ]);
    } else {
      // Offline: go on with the stored draft.
      expect(after.context.completed).toEqual(before.context.completed);
      expect(after.context.orderId).toBe(before.context.orderId);
      expect(actions).toEqual([toast(e.error.message), ...landing(before, after)]);
    }
    return;
  }
  if (done === 'createTempOrder') {
    // product §4: the first occasion save creates the draft, marks occasion and sets the pending-order flag.
    expect(after.context).toMatchObject({ orderId: ORDER_ID, hasPendingOrder: true, step: 'song' });
    expect(after.context.completed).toEqual({ ...before.context.completed, occasion: true });
    expect(after.value).toEqual({ editing: 'song' });
    expect(actions).toEqual([persisted(after.context), goTo('song')]);
    return;
  }
  const savedStep = FORM_STEPS.find((s) => SAVE_ACTORS[s] === done);
  if (savedStep) {
    expect(after.context.completed).toEqual({ ...before.context.completed, [savedStep]: true });
    expect(after.context.tempOrder).toEqual(e.output);
    expect(after.context.forms).toEqual(before.context.forms);
    expect(after.value).toEqual({ editing: NEXT[savedStep] });
    expect(actions).toEqual([persisted(after.context), goTo(NEXT[savedStep])]);
    return;
  }
  if (done === 'commitOrder') {
    // product §4: commit marks review, sets checkout pending and keeps the order and its id.
    expect(after.context.completed).toEqual(allDone);
    expect(after.context.checkoutPending).toBe(true);
    expect(after.context.order).toEqual(committed);
    expect(after.value).toEqual({ editing: 'checkout' });
    expect(actions).toEqual([persisted(after.context), goTo('checkout')]);
    return;
  }
  if (done === 'startCheckout') {
    // product §4: reset (context and storage), then the browser leaves for the payment page.
    expect(after.value).toBe('leaving');
    expect(actions).toEqual([
      { type: 'clearStoredDraft', params: undefined },
      { type: 'leaveForPayment', params: { url: PAY_URL } },
    ]);
    expect(harness.contextAtLeave).toEqual(initialDraftContext(undefined));
    return;
  }
  if (failed) {
    const step: OrderStep =
      failed === 'createTempOrder'
        ? 'occasion'
        : failed === 'commitOrder'
          ? 'review'
          : failed === 'startCheckout'
            ? 'checkout'
            : (FORM_STEPS.find((s) => SAVE_ACTORS[s] === failed) as FormStep);
    const error = e.error as { status?: number; message: string; errors?: Record<string, string[]> };
    const resyncs = failed !== 'createTempOrder' && failed !== 'startCheckout';
    expect(after.context.forms).toEqual(before.context.forms);
    if (error.errors) {
      expect(after.value).toEqual({ editing: step });
      expect(after.context.errors[step]).toEqual(error.errors);
      expect(after.context.completed).toEqual(before.context.completed);
      expect(actions).toEqual([]);
    } else if (resyncs && error.status === 409) {
      // Out of step with the server: reload its draft, which decides where the customer goes.
      expect(after.value).toBe('restoring');
      expect(after.context.lastError).toBe(error.message);
      expect(actions).toEqual([toast(error.message)]);
    } else if (resyncs && error.status === 404) {
      expect(after.context).toMatchObject({
        orderId: null,
        completed: none,
        hasPendingOrder: false,
        checkoutPending: false,
      });
      expect(after.value).toEqual({ editing: 'occasion' });
      expect(actions).toEqual([
        persisted(after.context),
        toast(orderMessages.draftNotFound),
        ...(step === 'occasion' ? [] : [goTo('occasion')]),
      ]);
    } else {
      expect(after.value).toEqual({ editing: step });
      expect(after.context.completed).toEqual(before.context.completed);
      expect(after.context.lastError).toBe(error.message);
      expect(actions).toEqual([toast(error.message)]);
    }
    return;
  }
  if (!handled) {
    // Ignored: a step its guard refuses (the app redirects), or an event this state does not take.
    expect(after.value).toEqual(before.value);
    expect(after.context).toEqual(before.context);
    expect(actions).toEqual([]);
    if (event.type === 'step.open' && typeof before.value === 'object' && 'editing' in before.value)
      expect(stepGuard(before.context.completed, before.context.hasPendingOrder, e.step)).not.toBeNull();
    // A gifter the customer has begun to fill in is never overwritten by a sign-in.
    if (event.type === 'session.loggedIn') expect(isGifterEmpty(before.context.forms.occasion)).toBe(false);
    return;
  }
  switch (event.type) {
    case 'step.open':
      expect(after.value).toEqual({ editing: e.step });
      expect(after.context.step).toBe(e.step);
      expect(actions).toEqual([]);
      return;
    case 'step.save':
      expect(after.value).toEqual({ saving: before.context.orderId === null ? 'creating' : e.step });
      expect(actions).toEqual([]);
      return;
    case 'review.commit':
      if (before.context.order !== null) {
        // Already committed: straight on to checkout, nothing sent again.
        expect(after.value).toEqual({ editing: 'checkout' });
        expect(actions).toEqual([goTo('checkout')]);
      } else {
        expect(after.value).toBe('committing');
        expect(actions).toEqual([]);
      }
      return;
    case 'checkout.pay':
      expect(after.value).toBe('paying');
      expect(after.context.paymentMethod).toBe('gcash');
      expect(actions).toEqual([]);
      return;
    case 'checkout.methodChosen':
      // The choice is kept wherever the draft is; nothing is sent or stored until Pay.
      expect(after.value).toEqual(before.value);
      expect(after.context.paymentMethod).toBe('otc');
      expect(actions).toEqual([]);
      return;
    case 'field.changed':
      expect(after.context.forms.occasion.recipient_first_name).toBe('Mia');
      expect(after.context.errors.occasion.recipient_first_name).toBeUndefined();
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'artists.toggle':
      expect(after.context.forms.song.selected_artists.includes('A-0003')).toBe(
        !before.context.forms.song.selected_artists.includes('A-0003'),
      );
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'artists.preselect':
      // "Order with this artist" adds the artist once, below the cap.
      expect(before.context.forms.song.selected_artists.includes('A-0007')).toBe(false);
      expect(after.context.forms.song.selected_artists).toEqual([
        ...before.context.forms.song.selected_artists,
        'A-0007',
      ]);
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'clip.set':
      expect(after.context.forms.story.song_prompt1_clip).toBe(CLIP);
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'session.loggedIn':
      // An empty gifter takes the signed-in customer's name, email and phone, wherever the draft is.
      expect(isGifterEmpty(before.context.forms.occasion)).toBe(true);
      expect(after.value).toEqual(before.value);
      expect(after.context.forms.occasion).toMatchObject({
        gifter_first_name: e.account.first_name,
        gifter_last_name: e.account.last_name,
        gifter_email: e.account.email,
        gifter_contact_number: account.contact_number,
      });
      expect(after.context.owner).toBe(accountKey(e.account));
      expect({
        ...after.context,
        owner: before.context.owner,
        forms: { ...after.context.forms, occasion: before.context.forms.occasion },
      }).toEqual(before.context);
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'session.endedElsewhere':
      // issue 27: signed out in another tab, this tab keeps its draft and typed text, stored again, as a guest's.
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual({ ...before.context, guest: true });
      expect(actions).toEqual([persisted(after.context)]);
      return;
    case 'clip.pending':
      // Whatever the draft is doing, the take under way is remembered, once; nothing is stored.
      expect(after.value).toEqual(before.value);
      expect(after.context.pendingClips.filter((slot: string) => slot === 'song_clip')).toEqual(['song_clip']);
      expect(actions).toEqual([]);
      return;
    case 'draft.reset':
    case 'session.loggedOut':
      // product §4 Reset: order id, steps, forms and flags, and their storage; a sign-out leaves a guest.
      expect(after.value).toEqual({ editing: 'occasion' });
      expect(after.context).toEqual(
        initialDraftContext({ guest: event.type === 'session.loggedOut' || before.context.guest }),
      );
      expect(actions).toEqual([{ type: 'clearStoredDraft', params: undefined }]);
      expect(harness.fakes.pending.size).toBe(0);
      return;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

const storedAt = (completed: CompletedSteps, extra: Partial<OrderDraftInput> = {}): OrderDraftInput => ({
  orderId: ORDER_ID,
  completed,
  hasPendingOrder: true,
  checkoutPending: completed.review,
  forms: filledForms,
  order: completed.review ? committed : null,
  ...extra,
});

describe('orderDraftMachine: model-based paths', () => {
  // States are told apart by the steps, the flags, whether there is a draft and an order, the step the
  // app has open and whether that step shows server errors; the text in the fields does not matter
  // (the targeted tests below look at it).
  const serializeState = (s: any) => {
    const c = s.context;
    const withErrors = c.step !== null && Object.keys(c.errors[c.step]).length > 0;
    return JSON.stringify([
      s.value,
      c.completed,
      c.hasPendingOrder,
      c.checkoutPending,
      c.orderId !== null,
      c.order !== null,
      c.step,
      withErrors,
      c.guest,
      c.owner,
      c.unsynced,
    ]);
  };
  const starts: Record<string, OrderDraftInput | undefined> = {
    'a new customer': { account },
    // No one signed in yet: the gifter is empty until someone signs in.
    'a visitor': undefined,
    'a stored draft with occasion and song saved': storedAt({ ...none, occasion: true, song: true }),
    'a stored draft committed, at checkout': storedAt(allDone),
    // issue 27: nobody signed in; the brief written (kept in this browser), or only begun.
    'a guest with the brief written': {
      guest: true,
      forms: filledForms,
      completed: { ...none, occasion: true, song: true, story: true },
      hasPendingOrder: true,
    },
    'a guest who typed the occasion': { guest: true, forms: filledForms },
    'a guest at the song step with nothing chosen': {
      guest: true,
      forms: { occasion: filledForms.occasion },
      completed: { ...none, occasion: true },
      hasPendingOrder: true,
    },
    'a guest at the story step with nothing written': {
      guest: true,
      forms: { occasion: filledForms.occasion, song: filledForms.song },
      completed: { ...none, occasion: true, song: true },
      hasPendingOrder: true,
    },
    // Signed out elsewhere with a saved draft kept: the sign-in arrives while it is checked with the server.
    'a guest with a saved draft kept': storedAt({ ...none, occasion: true }, { guest: true }),
  };
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(orderDraftMachine, { input, events: modelEvents, serializeState }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      orderDraftMachine,
      all.flatMap((s) => s.paths),
      {
        'deciding —always [isLandingElsewhere]→ editing.review':
          'landing on review elsewhere needs checkout open and refused on a reload; checkout never reloads the draft (its failures do not resync) and a start has no open step',
        'deciding —always [isLandingElsewhere]→ editing.checkout':
          'checkout is the landing only when every step before it is done, and then the open step is reachable and is the landing itself',
        'leaving —step.open [canOpenStep]→ editing.song':
          'the draft is reset on the way to the payment page: no step is done, so product §2 opens only the occasion step',
        'leaving —step.open [canOpenStep]→ editing.story':
          'the draft is reset on the way to the payment page: no step is done, so product §2 opens only the occasion step',
        'leaving —step.open [canOpenStep]→ editing.review':
          'the draft is reset on the way to the payment page: no step is done, so product §2 opens only the occasion step',
        'leaving —step.open [canOpenStep]→ editing.checkout':
          'the draft is reset on the way to the payment page: no step is done, so product §2 opens only the occasion step',
      },
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      orderDraftMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state a snapshot can rest in', () => {
    expect(transientStateKeys(orderDraftMachine).sort()).toEqual(['deciding', 'starting']);
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(orderDraftMachine)
        .filter((k) => k !== 'deciding' && k !== 'starting')
        .sort(),
    );
  });
  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`for ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(input), {
            states: stateExpectations,
            step: stepExpectations,
            serializeState,
          });
        });
      }
    });
  }
});

describe('orderDraftMachine: product §2 route guards', () => {
  // product §2, read literally: each page needs the pending-order flag and the step before it. Added:
  // once the order is placed (every step done, review by the commit) its three forms lead to review.
  function specRedirect(completed: CompletedSteps, flag: boolean, step: OrderStep): OrderStep | null {
    const placed = flag && completed.occasion && completed.song && completed.story && completed.review;
    if (placed && (step === 'occasion' || step === 'song' || step === 'story')) return 'review';
    if (step === 'song') return flag && completed.occasion ? null : 'occasion';
    if (step === 'story') return flag && completed.song ? null : 'song';
    if (step === 'review') return flag && completed.story ? null : 'story';
    if (step === 'checkout') return flag && completed.review ? null : 'review';
    return null;
  }
  const combos = Array.from({ length: 32 }, (_, i) => ({
    completed: { occasion: !!(i & 1), song: !!(i & 2), story: !!(i & 4), review: !!(i & 8) },
    flag: !!(i & 16),
  }));

  it.each(combos.flatMap(({ completed, flag }) => STEPS.map((step) => [step, completed, flag] as const)))(
    'stepGuard(%s) with %o and pending flag %s',
    (step, completed, flag) => {
      const expected = specRedirect(completed, flag, step);
      expect(stepGuard(completed, flag, step)).toBe(expected);
      expect(isStepReachable(completed, flag, step)).toBe(expected === null);
    },
  );

  it('the paths and the redirects of product §2', () => {
    expect(orderSteps).toEqual(STEPS);
    expect(orderStepPaths).toEqual({
      occasion: '/order/occasion',
      song: '/order/song',
      story: '/order/story',
      review: '/order/review',
      checkout: '/order/checkout',
    });
    expect(STEPS.map((step) => stepGuard(none, false, step))).toEqual([null, 'occasion', 'song', 'story', 'review']);
    // Placed: the forms lead to review, which says so; checkout is where the order goes on.
    expect(STEPS.map((step) => stepGuard(allDone, true, step))).toEqual(['review', 'review', 'review', null, null]);
    expect(STEPS.map((step) => stepGuard({ ...allDone, review: false }, true, step))).toEqual([
      null,
      null,
      null,
      null,
      'review',
    ]);
    // The flag is needed even when the steps say done.
    expect(STEPS.map((step) => stepGuard(allDone, false, step))).toEqual([null, 'occasion', 'song', 'story', 'review']);
  });

  it('snapshot.can(step.open) and redirectFor agree with the guard for every combination', () => {
    for (const { completed, flag } of combos) {
      // The draft holding exactly these flags, on the occasion page.
      const context = {
        ...initialDraftContext({ orderId: ORDER_ID }),
        completed,
        hasPendingOrder: flag,
        checkoutPending: completed.review,
        order: completed.review ? committed : null,
      };
      const s = orderDraftMachine.resolveState({ value: { editing: 'occasion' }, context });
      for (const step of STEPS) {
        const redirect = stepGuard(completed, flag, step);
        expect(s.can({ type: 'step.open', step }), `${step} ${JSON.stringify(completed)} ${flag}`).toBe(
          redirect === null,
        );
        expect(redirectFor(s, step)).toBe(redirect);
        expect(connectOrderDraft(s).steps.find((x) => x.step === step)?.canOpen).toBe(redirect === null);
      }
    }
  });

  it('a refused step.open leaves the step where it is (the app redirects)', () => {
    const h = start({ account });
    for (const step of ['song', 'story', 'review', 'checkout'] as const) {
      h.actor.send({ type: 'step.open', step });
      expect(h.actor.getSnapshot().value).toEqual({ editing: 'occasion' });
    }
    expect(h.log).toEqual([]);
  });

  it('the first step not done, and where a reload lands', () => {
    expect(firstOpenStep(none, false)).toBe('occasion');
    expect(firstOpenStep({ ...none, occasion: true }, false)).toBe('occasion');
    expect(firstOpenStep({ ...none, occasion: true }, true)).toBe('song');
    expect(firstOpenStep({ ...allDone, review: false }, true)).toBe('review');
    expect(firstOpenStep(allDone, true)).toBe('checkout');
    expect(landingStep({ ...none, occasion: true, song: true }, true, 'occasion')).toBe('occasion');
    expect(landingStep({ ...none, occasion: true, song: true }, true, 'review')).toBe('story');
    expect(landingStep({ ...none, occasion: true, song: true }, true, null)).toBe('story');
  });
});

describe('orderDraftMachine: product §4 order draft flow', () => {
  const state = (h: Harness) => h.actor.getSnapshot();
  const view = (h: Harness) => connectOrderDraft(state(h));
  const fill = (h: Harness, step: FormStep, values: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(values))
      h.actor.send({ type: 'field.changed', step, name, value } as any);
  };

  it('walks occasion → song → story → review → checkout, then resets and leaves for the payment page', async () => {
    const h = start({ account });
    expect(state(h).value).toEqual({ editing: 'occasion' });
    fill(h, 'occasion', { recipient_first_name: 'Lia', recipient_relationship: 'sibling', occasion_name: 'birthday' });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    expect(h.fakes.pending.get('createTempOrder')?.input).toEqual({
      ...emptyForms().occasion,
      gifter_first_name: 'Ann',
      gifter_last_name: 'Reyes',
      gifter_email: 'ann@example.com',
      gifter_contact_number: '9171234567',
      gifter_country: 'PH',
      gifter_dial_code: '+63',
      recipient_first_name: 'Lia',
      recipient_relationship: 'sibling',
      occasion_name: 'birthday',
    });
    h.fakes.resolve('createTempOrder', { order_id: ORDER_ID });
    await flush();
    expect(state(h).context).toMatchObject({ orderId: ORDER_ID, hasPendingOrder: true, completed: { occasion: true } });
    expect(state(h).value).toEqual({ editing: 'song' });

    h.actor.send({ type: 'artists.toggle', id: 'A-0002' });
    fill(h, 'song', {
      song_mood: 'happy',
      song_tempo: 'upbeat',
      genre: 'pop',
      vocal_type: 'female',
      needed_by: '2030-02-01',
    });
    h.actor.send({ type: 'step.save', step: 'song' });
    expect(h.fakes.pending.get('saveSong')?.input).toEqual({ orderId: ORDER_ID, values: filledForms.song });
    const afterSong = serverDraft(filledForms, { ...none, occasion: true, song: true });
    h.fakes.resolve('saveSong', afterSong);
    await flush();
    expect(view(h)).toMatchObject({ openStep: 'story', price: 3000, earliestNeededBy: '2030-01-15' });
    expect(view(h).savedArtists).toEqual([
      {
        id: 'A-0002',
        stage_name: 'Artist A-0002',
        rate: 3000,
        price: 3000,
        delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
        rush: null,
      },
    ]);

    fill(h, 'story', { song_about: filledForms.story.song_about });
    h.actor.send({ type: 'clip.set', slot: 'song_clip', temp_location: CLIP });
    h.actor.send({ type: 'step.save', step: 'story' });
    expect(h.fakes.pending.get('saveStory')?.input).toEqual({ orderId: ORDER_ID, values: filledForms.story });
    const afterStory = serverDraft(state(h).context.forms, { ...none, occasion: true, song: true, story: true });
    h.fakes.resolve('saveStory', afterStory);
    await flush();
    expect(view(h).openStep).toBe('review');
    expect(view(h).clipOf('song_clip')).toEqual({ temp_location: CLIP, url: `https://signed.test/${CLIP}` });

    h.actor.send({ type: 'review.commit' });
    expect(h.fakes.pending.get('commitOrder')?.input).toEqual({ orderId: ORDER_ID });
    h.fakes.resolve('commitOrder', order);
    await flush();
    expect(state(h).context).toMatchObject({ checkoutPending: true, order: committed, completed: allDone });
    expect(view(h)).toMatchObject({ openStep: 'checkout', price: 3000, checkoutPending: true });

    h.actor.send({ type: 'checkout.pay', paymentMethod: 'gcash' });
    expect(h.fakes.pending.get('startCheckout')?.input).toEqual({ orderId: order.id, paymentMethod: 'gcash' });
    h.fakes.resolve('startCheckout', checkoutAnswer);
    await flush();
    expect(view(h).leaving).toBe(true);
    expect(h.fakes.calls.map((c) => c.src)).toEqual([
      'createTempOrder',
      'saveSong',
      'saveStory',
      'commitOrder',
      'startCheckout',
    ]);
    expect(h.log.filter((e) => e.type === 'goToStep').map((e) => (e.params as any).step)).toEqual([
      'song',
      'story',
      'review',
      'checkout',
    ]);
    expect(types(h.log).slice(-2)).toEqual(['clearStoredDraft', 'leaveForPayment']);
    expect(h.log.at(-1)).toEqual({ type: 'leaveForPayment', params: { url: PAY_URL } });
    // product §4: the draft state was reset before the browser left.
    expect((h as DraftHarness).contextAtLeave).toEqual(initialDraftContext(undefined));
    expect(h.log.some((e) => e.type === 'showErrorToast')).toBe(false);
  });

  it('a later occasion save updates the draft (PATCH) instead of creating another', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    h.actor.send({ type: 'step.open', step: 'occasion' });
    fill(h, 'occasion', { recipient_pronunciation: 'LEE-ah' });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    expect([...h.fakes.pending.keys()]).toEqual(['saveOccasion']);
    expect(h.fakes.pending.get('saveOccasion')?.input).toEqual({
      orderId: ORDER_ID,
      values: { ...filledForms.occasion, recipient_pronunciation: 'LEE-ah' },
    });
    h.fakes.resolve('saveOccasion', serverDraft(state(h).context.forms, { ...none, occasion: true, song: true }));
    await flush();
    // The later steps stay done; the flow moves on to the next step.
    expect(state(h).context.completed).toEqual({ ...none, occasion: true, song: true });
    expect(state(h).value).toEqual({ editing: 'song' });
  });

  it('review after a commit goes straight on to checkout without committing again', async () => {
    const h = start(storedAt(allDone));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, allDone));
    await flush();
    expect(state(h).value).toEqual({ editing: 'checkout' });
    h.actor.send({ type: 'step.open', step: 'review' });
    h.actor.send({ type: 'review.commit' });
    expect(h.fakes.pending.size).toBe(0);
    expect(state(h).value).toEqual({ editing: 'checkout' });
    expect(h.log.at(-1)).toEqual({ type: 'goToStep', params: { step: 'checkout' } });
  });

  it('once placed, the parts cannot be opened or saved again: review says so and leads on to checkout', async () => {
    const h = start(storedAt(allDone));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, allDone));
    await flush();
    h.actor.send({ type: 'step.open', step: 'review' });
    expect(view(h).placed).toBe(true);
    for (const step of ['occasion', 'song', 'story'] as const) {
      expect(state(h).can({ type: 'step.open', step })).toBe(false);
      expect(redirectFor(state(h), step)).toBe('review');
      h.actor.send({ type: 'step.open', step });
      expect(state(h).value).toEqual({ editing: 'review' });
    }
    expect(
      view(h)
        .steps.filter((s) => s.canOpen)
        .map((s) => s.step),
    ).toEqual(['review', 'checkout']);
    // Nothing reaches the server, which would refuse it with a 409.
    expect(h.fakes.pending.size).toBe(0);
    // Before the commit the parts stay open to edits.
    const draft = start(storedAt({ ...allDone, review: false }));
    draft.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...allDone, review: false }));
    await flush();
    expect(connectOrderDraft(draft.actor.getSnapshot()).placed).toBe(false);
    expect(draft.actor.getSnapshot().can({ type: 'step.open', step: 'occasion' })).toBe(true);
  });

  it('422: messages per field of that step; editing a field clears only its own; nothing typed is lost', async () => {
    const h = start({ account });
    fill(h, 'occasion', { recipient_first_name: '', occasion_name: 'birthday' });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    h.fakes.reject(
      'createTempOrder',
      validationError({ recipient_first_name: ['Please enter the first name'], recipient_relationship: ['Choose'] }),
    );
    await flush();
    expect(state(h).value).toEqual({ editing: 'occasion' });
    expect(types(h.log).filter((t) => t !== 'persistDraft')).toEqual([]);
    expect(view(h).errorOf('occasion', 'recipient_first_name')).toBe('Please enter the first name');
    expect(view(h).errorOf('song', 'recipient_first_name')).toBeUndefined();
    expect(state(h).context.forms.occasion.occasion_name).toBe('birthday');
    fill(h, 'occasion', { recipient_first_name: 'Lia' });
    expect(view(h).errorOf('occasion', 'recipient_first_name')).toBeUndefined();
    expect(view(h).errorOf('occasion', 'recipient_relationship')).toBe('Choose');
    h.actor.send({ type: 'step.save', step: 'occasion' });
    expect(state(h).context.errors.occasion).toEqual({});
  });

  it('a 422 on commit shows on review (an artist went offline); messages for other keys are listed apart', async () => {
    const h = start(storedAt({ ...allDone, review: false }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...allDone, review: false }));
    await flush();
    h.actor.send({ type: 'review.commit' });
    h.fakes.reject('commitOrder', fieldErrors.review);
    await flush();
    expect(state(h).value).toEqual({ editing: 'review' });
    expect(view(h).otherErrorsOf('review')).toEqual([orderMessages.artistUnavailable]);
    expect(state(h).context.checkoutPending).toBe(false);
  });

  it('409 (a step missing on the server): reloads the draft and goes back to the first step not done', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    h.log.length = 0;
    h.actor.send({ type: 'step.open', step: 'story' });
    h.actor.send({ type: 'step.save', step: 'story' });
    h.fakes.reject('saveStory', stepMissing);
    await flush();
    expect(state(h).value).toBe('restoring');
    expect(view(h)).toMatchObject({ busy: true, restoring: true, lastError: orderMessages.stepMissing });
    // The server has only the occasion.
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true }));
    await flush();
    expect(state(h).value).toEqual({ editing: 'song' });
    expect(state(h).context.completed).toEqual({ ...none, occasion: true });
    expect(h.log.map((e) => e.type)).toEqual(['showErrorToast', 'persistDraft', 'goToStep']);
    expect(h.log[0]).toEqual(toast(orderMessages.stepMissing));
    expect(h.log.at(-1)).toEqual(goTo('song'));
    // What was typed for the unsaved steps stays.
    expect(state(h).context.forms.story).toEqual(filledForms.story);
  });

  it('404 on a save: the draft is forgotten, what was typed stays, and the next occasion save creates a new one', async () => {
    const h = start(storedAt({ ...none, occasion: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true }));
    await flush();
    h.actor.send({ type: 'step.save', step: 'song' });
    h.fakes.reject('saveSong', draftGone);
    await flush();
    expect(state(h).value).toEqual({ editing: 'occasion' });
    expect(state(h).context).toMatchObject({ orderId: null, hasPendingOrder: false, completed: none });
    expect(state(h).context.forms.song).toEqual(filledForms.song);
    expect(h.log.filter((e) => e.type !== 'persistDraft')).toEqual([
      toast(orderMessages.draftNotFound),
      goTo('occasion'),
    ]);
    h.actor.send({ type: 'step.save', step: 'occasion' });
    expect([...h.fakes.pending.keys()]).toEqual(['createTempOrder']);
  });

  it('a failure without field errors shows the server message as a toast and keeps the step and values', async () => {
    const h = start(storedAt({ ...none, occasion: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true }));
    await flush();
    h.actor.send({ type: 'step.save', step: 'song' });
    h.fakes.reject('saveSong', rateLimited);
    await flush();
    expect(h.log.at(-1)).toEqual(toast(serverMessages.tooManyRequests));
    expect(state(h).value).toEqual({ editing: 'song' });
    expect(state(h).context.completed.song).toBe(false);
    expect(view(h).lastError).toBe(serverMessages.tooManyRequests);
    h.actor.send({ type: 'step.save', step: 'song' });
    expect(view(h).lastError).toBeNull();
  });

  it('a checkout that fails keeps the draft (nothing reset, nobody leaves)', async () => {
    const h = start(storedAt(allDone));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, allDone));
    await flush();
    h.actor.send({ type: 'checkout.pay', paymentMethod: 'otc' });
    h.fakes.reject('startCheckout', notPayable);
    await flush();
    expect(state(h).value).toEqual({ editing: 'checkout' });
    expect(state(h).context).toMatchObject({ orderId: ORDER_ID, order: committed, paymentMethod: 'otc' });
    expect(types(h.log)).not.toContain('leaveForPayment');
    expect(types(h.log)).not.toContain('clearStoredDraft');
    h.actor.send({ type: 'checkout.pay', paymentMethod: '' });
    h.fakes.reject('startCheckout', fieldErrors.checkout);
    await flush();
    expect(view(h).errorOf('checkout', 'paymentMethod')).toBe(orderMessages.paymentMethodRequired);
  });

  it.each([
    ['draft.reset', { type: 'draft.reset' }],
    ['session.loggedOut', { type: 'session.loggedOut' }],
  ] as const)(
    '%s clears the order id, steps, forms and flags, and their storage (product §4 Reset)',
    async (_, event) => {
      const h = start(storedAt({ ...allDone, review: false }));
      h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...allDone, review: false }));
      await flush();
      h.actor.send({ type: 'review.commit' });
      h.actor.send(event);
      expect(h.fakes.pending.size).toBe(0);
      expect(state(h).value).toEqual({ editing: 'occasion' });
      // A sign-out leaves a guest (issue 27: they may write a brief again without a wall).
      expect(state(h).context).toEqual(initialDraftContext({ guest: event.type === 'session.loggedOut' }));
      expect(state(h).context.forms).toEqual(emptyForms());
      expect(h.log.at(-1)).toEqual({ type: 'clearStoredDraft', params: undefined });
      for (const step of ['song', 'story', 'review', 'checkout'] as const)
        expect(state(h).can({ type: 'step.open', step })).toBe(false);
    },
  );

  it('coming back from the payment page (history) starts a new draft', async () => {
    const h = start(storedAt(allDone));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, allDone));
    await flush();
    h.actor.send({ type: 'checkout.pay', paymentMethod: 'sandbox' });
    h.fakes.resolve('startCheckout', checkoutAnswer);
    await flush();
    expect(view(h).leaving).toBe(true);
    expect(state(h).can({ type: 'step.open', step: 'checkout' })).toBe(false);
    h.actor.send({ type: 'step.open', step: 'occasion' });
    expect(state(h).value).toEqual({ editing: 'occasion' });
  });

  it('cannot save, commit or open steps while a call is in flight', () => {
    const h = start({ account });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    expect(view(h)).toMatchObject({ busy: true, saving: true, busyStep: 'occasion' });
    expect(view(h).steps.some((s) => s.canOpen)).toBe(false);
    expect(view(h).canSave('occasion')).toBe(false);
    h.actor.send({ type: 'step.save', step: 'occasion' });
    h.actor.send({ type: 'field.changed', step: 'occasion', name: 'recipient_first_name', value: 'Zed' });
    expect(h.fakes.calls).toHaveLength(1);
    expect(state(h).context.forms.occasion.recipient_first_name).toBe('');
  });
});

describe('orderDraftMachine: resume from storage (the server wins)', () => {
  const state = (h: Harness) => h.actor.getSnapshot();

  it('without a stored draft it starts at occasion at once, calling nothing', () => {
    const h = start(undefined);
    expect(state(h).value).toEqual({ editing: 'occasion' });
    expect(h.fakes.calls).toEqual([]);
    expect(isDraftSettled(state(h))).toBe(true);
  });

  it('with a stored draft it waits for the server, then lands on the first step not done (no navigation)', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    expect(state(h).value).toBe('restoring');
    expect(isDraftSettled(state(h))).toBe(false);
    expect(h.fakes.pending.get('loadTempOrder')?.input).toEqual({ orderId: ORDER_ID });
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    expect(state(h).value).toEqual({ editing: 'story' });
    expect(types(h.log)).toEqual(['persistDraft']);
  });

  it('where the server differs it wins: its steps, its values; unsaved steps keep what was typed', async () => {
    const stored = storedAt({ ...none, occasion: true });
    const h = start(stored);
    const server = serverDraft(
      {
        ...filledForms,
        occasion: { ...filledForms.occasion, recipient_first_name: 'Liana' },
        song: { ...filledForms.song, selected_artists: ['A-0005', 'A-0006'] },
      },
      { ...none, occasion: true, song: true },
    );
    h.fakes.resolve('loadTempOrder', server);
    await flush();
    const { context } = state(h);
    expect(context.completed).toEqual({ ...none, occasion: true, song: true });
    expect(context.forms.occasion.recipient_first_name).toBe('Liana');
    expect(context.forms.song.selected_artists).toEqual(['A-0005', 'A-0006']);
    expect(context.forms.story).toEqual(filledForms.story);
    expect(state(h).value).toEqual({ editing: 'story' });
    expect(h.log).toEqual([persisted(context)]);
  });

  it('the server lacking a stored step takes the customer back; a committed server draft brings checkout', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true }));
    await flush();
    expect(state(h).value).toEqual({ editing: 'song' });
    expect(state(h).can({ type: 'step.open', step: 'story' })).toBe(false);

    const other = start(storedAt({ ...allDone, review: false }));
    other.fakes.resolve('loadTempOrder', serverDraft(filledForms, allDone));
    await flush();
    expect(state(other).value).toEqual({ editing: 'checkout' });
    // Only the id is known of an order committed elsewhere.
    expect(state(other).context).toMatchObject({
      checkoutPending: true,
      order: { id: order.id, reference: null, price: 3000 },
    });
  });

  it('server story clips become their temporary locations, playable through the signed URL', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true, story: true }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true, story: true }));
    await flush();
    const view = connectOrderDraft(state(h));
    expect(state(h).context.forms.story.song_clip).toBe(CLIP);
    expect(view.clipOf('song_clip')).toEqual({ temp_location: CLIP, url: `https://signed.test/${CLIP}` });
    expect(view.clipOf('audio_recording1_clip')).toEqual({ temp_location: null, url: null });
    // A replaced clip has no server URL until it is saved.
    h.actor.send({ type: 'step.open', step: 'story' });
    h.actor.send({ type: 'clip.set', slot: 'song_clip', temp_location: 'tmp_newclip_12345678' });
    expect(connectOrderDraft(state(h)).clipOf('song_clip')).toEqual({
      temp_location: 'tmp_newclip_12345678',
      url: null,
    });
    h.actor.send({ type: 'clip.set', slot: 'song_clip', temp_location: null });
    expect(state(h).context.forms.story.song_clip).toBeNull();
  });

  it('404: the draft is forgotten (id, steps, flags) and stored so; the forms stay', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    h.fakes.reject('loadTempOrder', draftGone);
    await flush();
    expect(state(h).value).toEqual({ editing: 'occasion' });
    const { context } = state(h);
    expect(context).toMatchObject({ orderId: null, hasPendingOrder: false, checkoutPending: false, completed: none });
    expect(context.forms).toEqual(filledForms);
    expect(h.log).toEqual([persisted(context), toast(orderMessages.draftNotFound)]);
    expect(h.log[0]?.params).toMatchObject({ tempOrder: { orderId: null }, hasPendingOrder: false });
  });

  it('offline: goes on with the stored draft', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    h.fakes.reject('loadTempOrder', offline);
    await flush();
    expect(state(h).value).toEqual({ editing: 'story' });
    expect(state(h).context.orderId).toBe(ORDER_ID);
    expect(h.log).toEqual([toast(clientMessages.network)]);
  });

  it('readDraftInput reads what persistDraft wrote (through JSON), under the product keys', async () => {
    const h = start({ account });
    h.actor.send({ type: 'field.changed', step: 'occasion', name: 'recipient_first_name', value: 'Lia' });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    h.fakes.resolve('createTempOrder', { order_id: ORDER_ID });
    await flush();
    const last = h.log.filter((e) => e.type === 'persistDraft').at(-1)?.params as Record<string, unknown>;
    // Written by key name; the names are those of contracts/storage-keys.ts and map to product §9's keys.
    expect(Object.keys(last).sort()).toEqual(['checkoutPending', 'completedSteps', 'hasPendingOrder', 'tempOrder']);
    const bySpecKey = Object.fromEntries(
      Object.entries(last).map(([name, value]) => [storageKeys[name as keyof typeof storageKeys], value]),
    );
    expect(bySpecKey.labsongs_completed_steps).toEqual({ occasion: true, song: false, story: false, review: false });
    expect(bySpecKey.labsongs_has_pending_order).toBe(true);
    expect(bySpecKey.labsongs_checkout_pending).toBe(false);
    expect(bySpecKey.labsongs_temp_order).toEqual({ orderId: ORDER_ID, forms: state(h).context.forms, order: null });

    const storage = new Map(Object.entries(last).map(([name, value]) => [name, JSON.stringify(value)]));
    const read = (name: string) => JSON.parse(storage.get(name) ?? 'null');
    const input = readDraftInput({
      completedSteps: read('completedSteps'),
      hasPendingOrder: read('hasPendingOrder'),
      checkoutPending: read('checkoutPending'),
      tempOrder: read('tempOrder'),
    });
    const resumed = initialDraftContext(input);
    // Whose draft it is lives in the tab only (no storage key): the session's account tells it again.
    expect(resumed).toEqual({ ...state(h).context, step: null, tempOrder: null, owner: null });
  });

  it('readDraftInput: damaged or partial values read as missing; flags without a draft mean nothing', () => {
    expect(initialDraftContext(readDraftInput({}))).toEqual(initialDraftContext(undefined));
    expect(
      initialDraftContext(
        readDraftInput({
          completedSteps: { occasion: true, song: 'yes' },
          hasPendingOrder: true,
          checkoutPending: 'true',
          tempOrder: { orderId: 'x', forms: 'nope' },
        }),
      ),
    ).toEqual(initialDraftContext(undefined));
    const input = readDraftInput({
      completedSteps: { occasion: true, song: 1, story: true, review: true },
      hasPendingOrder: 'true',
      checkoutPending: true,
      tempOrder: {
        orderId: ORDER_ID,
        forms: {
          occasion: { recipient_first_name: 'Lia', recipient_mentioned: 'yes', extra: 1 },
          song: { selected_artists: ['a', 'b', 'c', 'd'] },
        },
        order: null,
      },
      preselectedArtist: '',
    });
    const context = initialDraftContext(input);
    // song was not `true`; review without its order does not count, and neither does checkout pending.
    expect(context.completed).toEqual({ occasion: true, song: false, story: true, review: false });
    expect(context.checkoutPending).toBe(false);
    expect(context.hasPendingOrder).toBe(true);
    expect(context.forms.occasion).toEqual({ ...emptyForms().occasion, recipient_first_name: 'Lia' });
    expect(context.forms.song.selected_artists).toEqual(['a', 'b', 'c']);
    expect(context.forms).not.toHaveProperty('occasion.extra');
  });
});

describe('orderDraftMachine: artists, gifter and preselection', () => {
  const state = (h: Harness) => h.actor.getSnapshot();
  const selected = (h: Harness) => state(h).context.forms.song.selected_artists;

  async function atSong(input: OrderDraftInput = { account }) {
    const h = start(input);
    h.actor.send({ type: 'step.save', step: 'occasion' });
    h.fakes.resolve('createTempOrder', { order_id: ORDER_ID });
    await flush();
    h.log.length = 0;
    return h;
  }

  it(`caps the selection at ${MAX_SELECTED_ARTISTS}: a fourth is ignored; unselecting makes room again (product §5)`, async () => {
    expect(MAX_SELECTED_ARTISTS).toBe(3);
    const h = await atSong();
    for (const id of ['A-1', 'A-2', 'A-3']) h.actor.send({ type: 'artists.toggle', id });
    expect(selected(h)).toEqual(['A-1', 'A-2', 'A-3']);
    expect(connectOrderDraft(state(h))).toMatchObject({ canSelectMoreArtists: false });
    expect(state(h).can({ type: 'artists.toggle', id: 'A-4' })).toBe(false);
    expect(connectOrderDraft(state(h)).canToggleArtist('A-2')).toBe(true);
    h.actor.send({ type: 'artists.toggle', id: 'A-4' });
    expect(selected(h)).toEqual(['A-1', 'A-2', 'A-3']);
    expect(types(h.log)).toEqual(['persistDraft', 'persistDraft', 'persistDraft']);
    h.actor.send({ type: 'artists.toggle', id: 'A-2' });
    expect(selected(h)).toEqual(['A-1', 'A-3']);
    h.actor.send({ type: 'artists.toggle', id: 'A-4' });
    expect(selected(h)).toEqual(['A-1', 'A-3', 'A-4']);
    expect(connectOrderDraft(state(h)).isArtistSelected('A-4')).toBe(true);
  });

  it('toggling an artist clears the selection error', async () => {
    const h = await atSong();
    h.actor.send({ type: 'step.save', step: 'song' });
    h.fakes.reject('saveSong', validationError({ selected_artists: [orderMessages.artistsRequired] }));
    await flush();
    expect(connectOrderDraft(state(h)).errorOf('song', 'selected_artists')).toBe(orderMessages.artistsRequired);
    h.actor.send({ type: 'artists.toggle', id: 'A-1' });
    expect(connectOrderDraft(state(h)).errorOf('song', 'selected_artists')).toBeUndefined();
  });

  it('prefills the gifter from the account', () => {
    const h = start({ account });
    expect(state(h).context.forms.occasion).toEqual({
      ...emptyForms().occasion,
      gifter_first_name: 'Ann',
      gifter_last_name: 'Reyes',
      gifter_email: 'ann@example.com',
      gifter_contact_number: '9171234567',
      gifter_country: 'PH',
      gifter_dial_code: '+63',
    });
  });

  it('the account country brings its dial code; without one the default country (PH) stays', () => {
    const us = start({ account: { ...account, country: 'us', dial_code: null, contact_number: '2025550123' } });
    expect(state(us).context.forms.occasion).toMatchObject({
      gifter_country: 'US',
      gifter_dial_code: '+1',
      gifter_contact_number: '2025550123',
    });
    const bare = start({ account: { first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' } });
    expect(state(bare).context.forms.occasion).toMatchObject({
      gifter_first_name: 'Cy',
      gifter_contact_number: '',
      gifter_country: 'PH',
      gifter_dial_code: '+63',
    });
  });

  it('never overwrites a gifter the customer typed or restored', () => {
    const h = start({
      forms: { occasion: { gifter_first_name: 'Someone', gifter_email: 'else@example.com' } },
      account,
    });
    expect(state(h).context.forms.occasion).toMatchObject({
      gifter_first_name: 'Someone',
      gifter_last_name: '',
      gifter_email: 'else@example.com',
    });
  });

  it('a customer signing in while the gifter is blank prefills it, once', () => {
    const h = start(undefined);
    h.actor.send({ type: 'session.loggedIn', account });
    expect(state(h).context.forms.occasion.gifter_email).toBe('ann@example.com');
    expect(h.log).toEqual([persisted(state(h).context)]);
    h.actor.send({ type: 'session.loggedIn', account: { ...account, email: 'other@example.com' } });
    expect(state(h).context.forms.occasion.gifter_email).toBe('ann@example.com');
    expect(h.log).toHaveLength(1);
  });

  it('a new gifter country brings its dial code and clears the number and its errors', async () => {
    const h = start({ account });
    h.actor.send({ type: 'step.save', step: 'occasion' });
    h.fakes.reject(
      'createTempOrder',
      validationError({ gifter_contact_number: ['Bad number'], gifter_dial_code: ['x'] }),
    );
    await flush();
    h.actor.send({ type: 'field.changed', step: 'occasion', name: 'gifter_country', value: 'PH' });
    expect(state(h).context.forms.occasion.gifter_contact_number).toBe('9171234567');
    h.actor.send({ type: 'field.changed', step: 'occasion', name: 'gifter_country', value: 'us' });
    expect(state(h).context.forms.occasion).toMatchObject({
      gifter_country: 'US',
      gifter_dial_code: '+1',
      gifter_contact_number: '',
    });
    expect(state(h).context.errors.occasion).toEqual({});
  });

  it('a preselected artist ("Order with this artist") is selected on the song step', () => {
    const h = start({ account, preselectedArtist: 'A-0009' });
    expect(selected(h)).toEqual(['A-0009']);
    const again = start({ forms: { song: { selected_artists: ['A-0009', 'A-1'] } }, preselectedArtist: 'A-0009' });
    expect(selected(again)).toEqual(['A-0009', 'A-1']);
    const full = start({ forms: { song: { selected_artists: ['A-1', 'A-2', 'A-3'] } }, preselectedArtist: 'A-0009' });
    expect(selected(full)).toEqual(['A-1', 'A-2', 'A-3']);
    expect(readDraftInput({ preselectedArtist: 'A-0009' }).preselectedArtist).toBe('A-0009');
  });

  it('artists.preselect while the app runs: added once, below the cap', async () => {
    const h = await atSong();
    h.actor.send({ type: 'artists.preselect', id: 'A-7' });
    h.actor.send({ type: 'artists.preselect', id: 'A-7' });
    expect(selected(h)).toEqual(['A-7']);
    h.actor.send({ type: 'artists.toggle', id: 'A-8' });
    h.actor.send({ type: 'artists.toggle', id: 'A-9' });
    expect(state(h).can({ type: 'artists.preselect', id: 'A-10' })).toBe(false);
    h.actor.send({ type: 'artists.preselect', id: 'A-10' });
    expect(selected(h)).toEqual(['A-7', 'A-8', 'A-9']);
  });
});

describe('orderDraftMachine: view model and defaults', () => {
  it('lists the steps with their paths, progress and reachability', async () => {
    const h = start(storedAt({ ...none, occasion: true, song: true }));
    expect(connectOrderDraft(h.actor.getSnapshot())).toMatchObject({ restoring: true, busy: true, openStep: null });
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    const view = connectOrderDraft(h.actor.getSnapshot());
    expect(view.steps.map((s) => [s.step, s.path, s.done, s.open, s.canOpen])).toEqual([
      ['occasion', '/order/occasion', true, false, true],
      ['song', '/order/song', true, false, true],
      ['story', '/order/story', false, true, true],
      ['review', '/order/review', false, false, false],
      ['checkout', '/order/checkout', false, false, false],
    ]);
    expect(view.canSave('story')).toBe(true);
    expect(view.canSave('song')).toBe(false);
    expect(view.canCommit).toBe(false);
    expect(redirectFor(h.actor.getSnapshot(), 'checkout')).toBe('review');
  });

  it('hears which clip slots have a take or upload under way (never stored), in any state', async () => {
    const h = start(undefined);
    await flush();
    const pending = () => connectOrderDraft(h.actor.getSnapshot()).clipsPending;
    expect(pending()).toBe(false);
    h.actor.send({ type: 'clip.pending', slot: 'song_clip', pending: true });
    h.actor.send({ type: 'clip.pending', slot: 'song_prompt1_clip', pending: true });
    h.actor.send({ type: 'clip.pending', slot: 'song_clip', pending: true });
    expect(h.actor.getSnapshot().context.pendingClips).toEqual(['song_prompt1_clip', 'song_clip']);
    expect(pending()).toBe(true);
    h.actor.send({ type: 'clip.pending', slot: 'song_clip', pending: false });
    expect(pending()).toBe(true);
    h.actor.send({ type: 'clip.pending', slot: 'song_prompt1_clip', pending: false });
    expect(pending()).toBe(false);
    expect(h.log.filter((a) => a.type === 'persistDraft')).toEqual([]);
  });

  it('runs with its default actors (the visualiser): a save fails into a toast', async () => {
    const log: ActionLog = [];
    const actor = createActor(orderDraftMachine.provide({ actions: recordingActions(['showErrorToast'], log) }), {
      input: {},
    }).start();
    actor.send({ type: 'step.save', step: 'occasion' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ editing: 'occasion' });
    expect(log).toEqual([{ type: 'showErrorToast', params: { message: 'createTempOrder not provided' } }]);
  });
});

describe('orderDraftMachine: a session ended in another tab (issue 27)', () => {
  const state = (h: Harness) => h.actor.getSnapshot();
  /** A signed-in customer with occasion and song saved on the account, typing the story. */
  async function typingStory() {
    const h = start(storedAt({ ...none, occasion: true, song: true }, { account }));
    h.fakes.resolve('loadTempOrder', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    h.actor.send({ type: 'step.open', step: 'story' });
    h.actor.send({ type: 'field.changed', step: 'story', name: 'song_about', value: 'Not saved yet' });
    return h;
  }

  it('keeps the draft and unsaved text; the same account signing in again finds it all there', async () => {
    const h = await typingStory();
    h.actor.send({ type: 'session.endedElsewhere' });
    expect(state(h).context).toMatchObject({ guest: true, orderId: ORDER_ID });
    expect(state(h).context.forms.story.song_about).toBe('Not saved yet');
    // Stored again: the other tab's own Logout cleared the shared storage.
    expect(h.log.at(-1)).toEqual(persisted(state(h).context));
    h.actor.send({ type: 'session.loggedIn', account });
    expect(state(h).value).toEqual({ editing: 'story' });
    expect(state(h).context).toMatchObject({ guest: false, orderId: ORDER_ID });
    expect(state(h).context.forms.story.song_about).toBe('Not saved yet');
    expect(h.fakes.pending.size).toBe(0);
  });

  it('another account signing in never sees it: cleared, and their own draft is looked for', async () => {
    const h = await typingStory();
    h.actor.send({ type: 'session.endedElsewhere' });
    h.actor.send({ type: 'session.loggedIn', account: otherAccount });
    expect(state(h).value).toBe('finding');
    expect(state(h).context.orderId).toBeNull();
    expect(state(h).context.forms.story).toEqual(emptyForms().story);
    expect(state(h).context.forms.occasion.recipient_first_name).toBe('');
    expect(state(h).context.forms.occasion.gifter_email).toBe(otherAccount.email);
    expect(h.log).toContainEqual({ type: 'clearStoredDraft', params: undefined });
  });

  it('a step saved while signed out over the kept draft is sent at the next sign-in (occasion, song, story)', async () => {
    const h = await typingStory();
    h.actor.send({ type: 'session.endedElsewhere' });
    h.actor.send({ type: 'field.changed', step: 'story', name: 'song_about', value: filledForms.story.song_about });
    h.actor.send({ type: 'step.save', step: 'story' });
    // Kept in this browser: nothing sent while nobody is signed in.
    expect(state(h).value).toEqual({ editing: 'review' });
    expect(h.fakes.pending.size).toBe(0);
    h.actor.send({ type: 'session.loggedIn', account });
    expect(state(h).value).toEqual({ syncing: 'occasionAgain' });
    h.fakes.resolve('saveOccasion', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    h.fakes.resolve('saveSong', serverDraft(filledForms, { ...none, occasion: true, song: true }));
    await flush();
    expect(h.fakes.pending.get('saveStory')?.input).toEqual({
      orderId: ORDER_ID,
      values: state(h).context.forms.story,
    });
    h.fakes.resolve('saveStory', serverDraft(filledForms, { ...none, occasion: true, song: true, story: true }));
    await flush();
    expect(state(h).value).toEqual({ editing: 'review' });
    expect(state(h).context.unsynced).toBe(false);
  });
});
