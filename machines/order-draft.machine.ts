// docs/product.md §4 Order draft flow: occasion → song → story → review → checkout, each step requiring the one
// before it (docs/product.md §2's guards, order-steps.ts). The first occasion save creates the server's temp order,
// later saves update it; each save marks its step, stores the server's draft, persists, and moves on.
// Review commits the draft into an order (checkout pending); checkout sends the payment method, resets
// the draft and leaves for the payment page. The draft is kept under docs/product.md §9's storage keys and resumed
// from them; the server's temp order wins where the two differ. The app supplies the network actors,
// persistDraft, clearStoredDraft, goToStep, leaveForPayment and showErrorToast.
import * as v from 'valibot';
import { and, assign, fromPromise, not, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import { phone } from '../contracts/constants';
import { findCountry } from '../contracts/countries';
import type { FieldErrors } from '../contracts/http';
import {
  type CheckoutAnswer,
  type ClipSlot,
  clipSlots,
  MAX_SELECTED_ARTISTS,
  occasionSchema,
  orderMessages,
  songSchema,
  storySchema,
  type TempOrder,
} from '../contracts/order';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import type {
  CommitOrderOutput,
  CommittedOrder,
  CompletableStep,
  CompletedSteps,
  CreateTempOrderOutput,
  DraftAccount,
  DraftCallInput,
  FormStep,
  GoToStepParams,
  LeaveForPaymentParams,
  OccasionValues,
  OrderDraftContext,
  OrderDraftEvent,
  OrderDraftInput,
  OrderDraftTag,
  OrderForms,
  OrderStep,
  PersistDraftParams,
  SaveStepInput,
  SongValues,
  StartCheckoutInput,
  StoredForms,
  StoryValues,
  TempOrderOutput,
} from './order-draft.types';
import { completableSteps, isStepReachable, landingStep, nextStep, noStepsCompleted, orderSteps } from './order-steps';

export type * from './order-draft.types';

// ---- Forms ---------------------------------------------------------------------------------------

const defaultCountry = phone.defaultCountry;

/** Empty forms: nothing typed yet; the gifter's country is docs/product.md §9's default (PH) with its dial code. */
export function emptyForms(): OrderForms {
  return {
    occasion: {
      gifter_first_name: '',
      gifter_last_name: '',
      gifter_contact_number: '',
      gifter_dial_code: findCountry(defaultCountry)?.dial_code ?? '',
      gifter_country: defaultCountry,
      gifter_email: '',
      recipient_first_name: '',
      recipient_last_name: '',
      recipient_relationship: '',
      recipient_pronunciation: '',
      recipient_mentioned: false,
      occasion_name: '',
      occasion_mentioned: false,
    },
    song: {
      selected_artists: [],
      song_mood: '',
      song_tempo: '',
      genre: '',
      vocal_type: '',
      is_rebook: false,
      needed_by: '',
      // Add-ons (docs/product.md §9 "Add-ons"): none until the customer chooses.
      rush: false,
      extra_revisions: 0,
    },
    story: {
      song_about: '',
      song_prompt1_title: '',
      song_prompt1_details: '',
      song_prompt2_title: '',
      song_prompt2_details: '',
      song_clip: null,
      song_prompt1_clip: null,
      song_prompt2_clip: null,
      audio_recording1_clip: null,
      audio_recording2_clip: null,
    },
  };
}

/** Distinct artist ids, at most MAX_SELECTED_ARTISTS: the extra ones are ignored (docs/product.md §5). */
function cappedArtists(ids: readonly string[]): string[] {
  return [...new Set(ids)].slice(0, MAX_SELECTED_ARTISTS);
}

/**
 * The fields of `empty` taken from `source` where they have the same kind of value (a stored or server
 * copy may miss fields or hold damaged ones); unknown keys are dropped.
 */
function valuesLike<T extends object>(empty: T, source: unknown): T {
  const out = { ...empty } as Record<string, unknown>;
  if (typeof source !== 'object' || source === null) return out as T;
  const from = source as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(empty)) {
    const value = from[key];
    if (Array.isArray(fallback)) {
      if (Array.isArray(value) && value.every((x) => typeof x === 'string')) out[key] = cappedArtists(value);
    } else if (fallback === null) {
      if (value === null || typeof value === 'string') out[key] = value;
    } else if (typeof value === typeof fallback) {
      out[key] = value;
    }
  }
  return out as T;
}

/** The forms restored from storage over the empty ones. */
function formsFromStorage(stored: StoredForms | null | undefined): OrderForms {
  const empty = emptyForms();
  return {
    occasion: valuesLike(empty.occasion, stored?.occasion),
    song: valuesLike(empty.song, stored?.song),
    story: valuesLike(empty.story, stored?.story),
  };
}

/** No gifter name, email or number typed yet: the account may fill the gifter in. */
function isGifterBlank(occasion: OccasionValues): boolean {
  return [
    occasion.gifter_first_name,
    occasion.gifter_last_name,
    occasion.gifter_email,
    occasion.gifter_contact_number,
  ].every((value) => value.trim() === '');
}

/** The gifter from the account (name, email, number, country and its dial code), when the gifter is blank. */
function prefillGifter(occasion: OccasionValues, account: DraftAccount | null | undefined): OccasionValues {
  if (!account || !isGifterBlank(occasion)) return occasion;
  const country = (account.country ?? occasion.gifter_country ?? defaultCountry).toUpperCase();
  return {
    ...occasion,
    gifter_first_name: account.first_name ?? '',
    gifter_last_name: account.last_name ?? '',
    gifter_email: account.email ?? '',
    gifter_contact_number: account.contact_number ?? '',
    gifter_country: country,
    gifter_dial_code: account.dial_code ?? findCountry(country)?.dial_code ?? '',
  };
}

/** Adds `id` to the selection unless it is there already or the cap is reached (docs/product.md §5). */
function withArtist(selected: readonly string[], id: string): string[] {
  if (selected.includes(id) || selected.length >= MAX_SELECTED_ARTISTS) return [...selected];
  return [...selected, id];
}

/** Unselects a selected artist; selects another only while below the cap (docs/product.md §5: extra selections are ignored). */
function toggledArtists(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((x) => x !== id) : withArtist(selected, id);
}

/** The story step's values from the server's draft: each clip is its temporary location. */
function storyValuesOf(story: NonNullable<TempOrder['story']>): StoryValues {
  const clips = Object.fromEntries(clipSlots.map((slot) => [slot, story[slot]?.temp_location ?? null])) as Record<
    ClipSlot,
    string | null
  >;
  return valuesLike(emptyForms().story, { ...story, ...clips });
}

/** The forms with the server's values for every step it has saved (the server wins); the others as typed. */
function formsFromServer(forms: OrderForms, temp: TempOrder): OrderForms {
  const empty = emptyForms();
  return {
    occasion: temp.occasion ? valuesLike(empty.occasion, temp.occasion) : forms.occasion,
    song: temp.song ? valuesLike(empty.song, temp.song) : forms.song,
    story: temp.story ? storyValuesOf(temp.story) : forms.story,
  };
}

/** Each step's request rules (the server checks them again, with the artists and dates, when it is saved). */
const stepSchemas = { occasion: occasionSchema, song: songSchema, story: storySchema } as const;

/** A guest's step checked here with the rules its save will meet: the fields' messages, or none. */
export function localErrorsOf(step: FormStep, forms: OrderForms): FieldErrors {
  const result = v.safeParse(stepSchemas[step], forms[step]);
  return result.success ? {} : issuesToFieldErrors(result.issues);
}

/** The steps the server's draft has: each saved part, and review once it is committed. */
export function completedFromServer(temp: TempOrder): CompletedSteps {
  return {
    occasion: temp.occasion !== null,
    song: temp.song !== null,
    story: temp.story !== null,
    review: temp.committed_order_id !== null,
  };
}

// ---- Storage -------------------------------------------------------------------------------------

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isTrue = (value: unknown) => value === true || value === 'true';

function committedOrderOf(value: unknown): CommittedOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (!isId(o.id)) return null;
  return {
    id: o.id,
    reference: typeof o.reference === 'string' ? o.reference : null,
    price: typeof o.price === 'number' ? o.price : null,
  };
}

/** Everything persistDraft writes, by storage key name (contracts/storage-keys.ts). */
export function persistParams(context: OrderDraftContext): PersistDraftParams {
  return {
    completedSteps: { ...context.completed },
    hasPendingOrder: context.hasPendingOrder,
    checkoutPending: context.checkoutPending,
    tempOrder: { orderId: context.orderId, forms: context.forms, order: context.order },
  };
}

/**
 * The machine's input from what storage holds (each value parsed from JSON, or the raw string; anything
 * unusable counts as missing), with the signed-in account and a preselected artist.
 */
export function readDraftInput(
  stored: {
    completedSteps?: unknown;
    hasPendingOrder?: unknown;
    checkoutPending?: unknown;
    tempOrder?: unknown;
    preselectedArtist?: unknown;
  },
  account: DraftAccount | null = null,
): OrderDraftInput {
  const draft = (typeof stored.tempOrder === 'object' && stored.tempOrder !== null ? stored.tempOrder : {}) as Record<
    string,
    unknown
  >;
  const steps = (
    typeof stored.completedSteps === 'object' && stored.completedSteps !== null ? stored.completedSteps : {}
  ) as Record<string, unknown>;
  return {
    orderId: isId(draft.orderId) ? draft.orderId : null,
    completed: Object.fromEntries(completableSteps.map((step) => [step, steps[step] === true])) as CompletedSteps,
    hasPendingOrder: isTrue(stored.hasPendingOrder),
    checkoutPending: isTrue(stored.checkoutPending),
    forms: (typeof draft.forms === 'object' && draft.forms !== null ? draft.forms : null) as StoredForms | null,
    order: committedOrderOf(draft.order),
    preselectedArtist:
      typeof stored.preselectedArtist === 'string' && stored.preselectedArtist !== '' ? stored.preselectedArtist : null,
    account,
  };
}

// ---- Context -------------------------------------------------------------------------------------

const noErrors: OrderDraftContext['errors'] = { occasion: {}, song: {}, story: {}, review: {}, checkout: {} };

/** Nothing saved: no order id, steps, flags or server data (the forms are the caller's). */
const noServerDraft = {
  orderId: null,
  completed: noStepsCompleted,
  hasPendingOrder: false,
  checkoutPending: false,
  tempOrder: null,
  order: null,
} as const satisfies Partial<OrderDraftContext>;

/**
 * The context from storage: flags without an order id mean nothing, and review counts only with its
 * order. The gifter is prefilled from the account and a preselected artist is selected (below the cap).
 */
export function initialDraftContext(input: OrderDraftInput | undefined): OrderDraftContext {
  const orderId = isId(input?.orderId) ? input.orderId : null;
  const stored = formsFromStorage(input?.forms);
  const forms: OrderForms = {
    ...stored,
    occasion: prefillGifter(stored.occasion, input?.account),
    song: input?.preselectedArtist
      ? { ...stored.song, selected_artists: withArtist(stored.song.selected_artists, input.preselectedArtist) }
      : stored.song,
  };
  const base: OrderDraftContext = {
    ...noServerDraft,
    step: null,
    forms,
    errors: noErrors,
    paymentMethod: '',
    lastError: null,
    pendingClips: [],
    guest: input?.guest === true,
    owner: accountKey(input?.account),
    unsynced: false,
  };
  if (orderId === null) return base.guest ? { ...base, ...guestSteps(input) } : base;
  const order = committedOrderOf(input?.order);
  const completed = Object.fromEntries(
    completableSteps.map((step) => [step, input?.completed?.[step] === true]),
  ) as CompletedSteps;
  completed.review = completed.review && order !== null;
  return {
    ...base,
    orderId,
    completed,
    hasPendingOrder: input?.hasPendingOrder === true,
    checkoutPending: completed.review && input?.checkoutPending === true,
    order: completed.review ? order : null,
  };
}

/** A guest's steps kept in this browser: the form steps done, without review (only a commit marks it). */
function guestSteps(input: OrderDraftInput | undefined): Pick<OrderDraftContext, 'completed' | 'hasPendingOrder'> {
  const completed = { ...noStepsCompleted };
  for (const step of ['occasion', 'song', 'story'] as const) {
    const before = completableSteps.slice(0, completableSteps.indexOf(step));
    completed[step] = input?.completed?.[step] === true && before.every((s) => completed[s]);
  }
  const hasPendingOrder = input?.hasPendingOrder === true && completed.occasion;
  return { completed: hasPendingOrder ? completed : { ...noStepsCompleted }, hasPendingOrder };
}

/** Who an account is, for the draft's owner: its id, else its email. */
export function accountKey(account: DraftAccount | null | undefined): string | null {
  if (!account) return null;
  return account.id !== undefined ? `id:${account.id}` : `email:${account.email.toLowerCase()}`;
}

/** The draft as the server has it (docs/product.md: the server's temp order is the source of truth). */
function fromServer(context: OrderDraftContext, temp: TempOrder): Partial<OrderDraftContext> {
  const completed = completedFromServer(temp);
  const committedId = temp.committed_order_id;
  return {
    orderId: temp.id,
    hasPendingOrder: true,
    completed,
    checkoutPending: completed.review,
    forms: formsFromServer(context.forms, temp),
    tempOrder: temp,
    order:
      committedId === null
        ? null
        : context.order?.id === committedId
          ? context.order
          : { id: committedId, reference: null, price: temp.price },
  };
}

// ---- Failures ------------------------------------------------------------------------------------

/** A 409: the call does not fit the server's draft (a step missing, already committed): it is out of sync. */
function isOutOfSync(error: unknown): boolean {
  return readFailure(error).status === 409;
}

/** A 404: the server has no such draft (or not for this customer). */
function isDraftMissing(error: unknown): boolean {
  return readFailure(error).status === 404;
}

// ---- Transition pieces ---------------------------------------------------------------------------
// The same structure serves each step; these build it, so the config below stays a plain object (what
// the visualiser imports) with one piece of code per shape.

type StepParams = { step: OrderStep };
type ErrorArgs = { event: { error: unknown } };
type ContextArgs = { context: OrderDraftContext };

const persist = { type: 'persistDraft', params: ({ context }: ContextArgs) => persistParams(context) } as const;

/** The failure's message as a toast, remembered as lastError. */
const toastFailure = [
  { type: 'setLastError', params: ({ event }: ErrorArgs) => ({ message: readFailure(event.error).message }) },
  { type: 'showErrorToast', params: ({ event }: ErrorArgs) => ({ message: readFailure(event.error).message }) },
] as const;

const toastDraftMissing = [
  { type: 'setLastError', params: { message: orderMessages.draftNotFound } },
  { type: 'showErrorToast', params: { message: orderMessages.draftNotFound } },
] as const;

/** The server lost the draft: forget the id, steps and flags (the forms stay, to be saved again). */
const forgetDraft = ['forgetServerDraft', persist, ...toastDraftMissing] as const;

/** A call starts: that step's old server errors and the last failure clear. */
function startCall(step: OrderStep) {
  return [{ type: 'clearStepErrors', params: { step } }, 'clearLastError'] as const;
}

/** Moves on to `step` and tells the app to navigate there. */
function goTo(step: OrderStep) {
  return [
    { type: 'goToStep', params: { step } },
    { type: 'setStep', params: { step } },
  ] as const;
}

/** step.open, one transition per step: to its editing state when docs/product.md §2's guard allows it, else ignored. */
function openStepTransitions(prefix: '.' | 'editing.') {
  return orderSteps.map(
    (step) =>
      ({
        guard: { type: 'canOpenStep', params: { step } },
        target: `${prefix}${step}`,
        actions: { type: 'setStep', params: { step } },
        description: `The customer opens the ${step} step; it opens only once the steps before it are done.`,
      }) as const,
  );
}

/**
 * A draft call failed (back on `step`): 422 → that step's field errors; with `resync`, 409 → reload the
 * server's draft (it decides the step) and 404 → forget the draft; anything else → a toast.
 */
function callFailed(step: OrderStep, { resync }: { resync: boolean }) {
  const back = `#orderDraft.editing.${step}` as const;
  const fieldErrors = {
    guard: 'hasFieldErrors',
    target: back,
    actions: { type: 'setStepErrors', params: ({ event }: ErrorArgs) => ({ step, error: event.error }) },
    description: `The server refused some answers: the customer is back on the ${step} step, each shown what to fix.`,
  } as const;
  const other = {
    target: back,
    actions: toastFailure,
    description: `It failed (offline, or the server): the customer stays on the ${step} step with a message, and can try again.`,
  } as const;
  if (!resync) return [fieldErrors, other] as const;
  return [
    fieldErrors,
    {
      guard: 'isOutOfSync',
      target: '#orderDraft.restoring',
      actions: toastFailure,
      description:
        'The draft changed elsewhere (another tab or device): it is fetched again, and the customer continues from there.',
    },
    {
      guard: 'isDraftMissing',
      target: '#orderDraft.deciding',
      actions: forgetDraft,
      description:
        'The server no longer has this draft: the customer is told, and their answers are kept to be saved afresh.',
    },
    other,
  ] as const;
}

/** saving.<step> for the PATCH of a saved draft: marks the step, keeps the server's draft, persists, moves on. */
function savingState<const S extends FormStep, const Src extends 'saveOccasion' | 'saveSong' | 'saveStory'>(
  step: S,
  src: Src,
) {
  const next = nextStep(step);
  return {
    description: `The ${step} step's answers are being saved; the customer waits.`,
    invoke: {
      id: src,
      src,
      // Only entered with a draft (the guards of step.save and step.open).
      input: ({ context }: ContextArgs) => ({ orderId: context.orderId ?? 0, values: context.forms[step] }),
      onDone: {
        target: `#orderDraft.editing.${next}`,
        description: `The ${step} step is saved and done: the customer moves on to the ${next} step.`,
        actions: [
          { type: 'markStep', params: { step } },
          {
            type: 'storeTempOrder',
            params: ({ event }: { event: { output: TempOrderOutput } }) => ({ tempOrder: event.output }),
          },
          persist,
          ...goTo(next),
        ],
      },
      onError: callFailed(step, { resync: true }),
    },
  } as const;
}

/**
 * step.save of a guest (nobody signed in): checked here with the save's rules; when they pass, the step
 * is done in this browser and the guest moves on (the server checks it all again when they sign in).
 */
function guestSave(step: FormStep) {
  const next = nextStep(step);
  const isStep = { type: 'isEventStep', params: { step } } as const;
  return [
    {
      guard: and([isStep, 'isGuest', { type: 'isLocallyInvalid', params: { step } }]),
      actions: { type: 'setLocalErrors', params: { step } },
      description: `A guest continues with answers missing or wrong: each field of the ${step} step says what to fix.`,
    },
    {
      guard: and([isStep, 'isGuest']),
      target: `#orderDraft.editing.${next}`,
      actions: [
        ...startCall(step),
        { type: 'markStep', params: { step } },
        'markLocalDraft',
        'markUnsynced',
        persist,
        ...goTo(next),
      ],
      description: `A guest's ${step} step is complete: it is kept in this browser and they move on to the ${next} step.`,
    },
  ] as const;
}

/** A part of a guest's draft could not be saved at sign-in: back on its step, the answers kept, marked not done. */
function syncFailed(step: FormStep) {
  const back = `#orderDraft.editing.${step}` as const;
  const reopen = [{ type: 'unmarkFrom', params: { step } }, 'markSynced', persist, ...goTo(step)] as const;
  return [
    {
      guard: 'hasFieldErrors',
      target: back,
      actions: [{ type: 'setStepErrors', params: ({ event }: ErrorArgs) => ({ step, error: event.error }) }, ...reopen],
      description: `The server refused some of the ${step} step's answers: the customer is taken there, each field shown what to fix, the text kept.`,
    },
    {
      target: back,
      actions: [...toastFailure, ...reopen],
      description: `Saving the ${step} step failed (offline, or the server): the customer is taken there with a message, the text kept, to save it again.`,
    },
  ] as const;
}

/** After a part is saved at sign-in (`store`): on to the next part the guest completed, else where they were. */
function syncNext<const A extends readonly unknown[]>(step: 'song' | 'story' | null, store: A) {
  const actions = [...store, persist] as const;
  const landing = {
    target: '#orderDraft.deciding',
    actions: [...actions, 'markSynced'],
    description:
      'Everything the guest wrote is saved to the account: they continue where they were (review stays review).',
  } as const;
  if (step === null) return [landing] as const;
  return [
    {
      guard: { type: 'hasLocalStep', params: { step } },
      target: `#orderDraft.syncing.${step}`,
      actions,
      description: `The guest had completed the ${step} step too: it is saved next.`,
    },
    landing,
  ] as const;
}

const storeAnswer = {
  type: 'storeTempOrder',
  params: ({ event }: { event: { output: TempOrderOutput } }) => ({ tempOrder: event.output }),
} as const;

/** syncing.song / syncing.story: PATCH the part the guest completed into the account's new draft. */
function syncingStep<const S extends 'song' | 'story', const Src extends 'saveSong' | 'saveStory'>(step: S, src: Src) {
  return {
    description: `The ${step} step the guest wrote is being saved to their account.`,
    invoke: {
      id: src,
      src,
      input: ({ context }: ContextArgs) => ({ orderId: context.orderId ?? 0, values: context.forms[step] }),
      onDone: syncNext(step === 'song' ? 'story' : null, [storeAnswer]),
      onError: syncFailed(step),
    },
  } as const;
}

/** deciding: to the landing step; when the app has another step open, it is told to navigate. */
function landingTransitions() {
  return orderSteps.flatMap(
    (step) =>
      [
        {
          guard: { type: 'isLandingElsewhere', params: { step } },
          target: `editing.${step}`,
          actions: goTo(step),
          description: `The step on screen is not open to the customer (a step before it is not done): they are taken to the ${step} step, the first not done.`,
        },
        {
          guard: { type: 'isLanding', params: { step } },
          target: `editing.${step}`,
          actions: { type: 'setStep', params: { step } },
          description: `The draft continues on the ${step} step: the one on screen, or else the first not done.`,
        },
      ] as const,
  );
}

const landingOf = (context: OrderDraftContext) => landingStep(context.completed, context.hasPendingOrder, context.step);

export const orderDraftMachine = setup({
  types: {
    context: {} as OrderDraftContext,
    events: {} as OrderDraftEvent,
    input: {} as OrderDraftInput | undefined,
    tags: {} as OrderDraftTag,
  },
  actors: {
    /** GET /temp-order/current → the signed-in customer's newest open draft, or null. */
    loadCurrentDraft: fromPromise<TempOrderOutput | null, void>(notProvided('loadCurrentDraft')),
    /** DELETE /temp-order/{id}. */
    discardTempOrder: fromPromise<unknown, DraftCallInput>(notProvided('discardTempOrder')),
    /** GET /temp-order/{id} → the draft. */
    loadTempOrder: fromPromise<TempOrderOutput, DraftCallInput>(notProvided('loadTempOrder')),
    /** POST /temp-order with the occasion fields → {order_id}. */
    createTempOrder: fromPromise<CreateTempOrderOutput, OccasionValues>(notProvided('createTempOrder')),
    /** PATCH /temp-order/{id}/occasion → the draft. */
    saveOccasion: fromPromise<TempOrderOutput, SaveStepInput<OccasionValues>>(notProvided('saveOccasion')),
    /** PATCH /temp-order/{id}/song → the draft. */
    saveSong: fromPromise<TempOrderOutput, SaveStepInput<SongValues>>(notProvided('saveSong')),
    /** PATCH /temp-order/{id}/story → the draft. */
    saveStory: fromPromise<TempOrderOutput, SaveStepInput<StoryValues>>(notProvided('saveStory')),
    /** POST /temp-order/{id}/commit → the order. */
    commitOrder: fromPromise<CommitOrderOutput, DraftCallInput>(notProvided('commitOrder')),
    /** POST /order/{id}/checkout {paymentMethod} → {payment: {Url, RefNo, Status}}. */
    startCheckout: fromPromise<CheckoutAnswer, StartCheckoutInput>(notProvided('startCheckout')),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null,
    isGuest: ({ context }) => context.guest,
    /** Someone else signs in over a draft another account kept (its session ended in another tab). */
    isOtherAccount: ({ context, event }) =>
      event.type === 'session.loggedIn' && context.owner !== null && context.owner !== accountKey(event.account),
    /** Steps were saved in this browser, signed out, over a draft the account has on the server. */
    hasUnsyncedSteps: ({ context }) => context.orderId !== null && context.order === null && context.unsynced,
    /** A guest's steps kept in this browser, not on the server yet. */
    hasLocalDraft: ({ context }) => context.orderId === null && context.completed.occasion,
    hasNoDraft: ({ context }) => context.orderId === null && !context.completed.occasion,
    hasLocalStep: ({ context }, params: { step: FormStep }) => context.completed[params.step],
    isLocallyInvalid: ({ context }, params: { step: FormStep }) =>
      Object.keys(localErrorsOf(params.step, context.forms)).length > 0,
    hasFoundDraft: ({ event }) => 'output' in event && event.output !== null && event.output !== undefined,
    isEventStep: ({ event }, params: StepParams) => 'step' in event && event.step === params.step,
    /** docs/product.md §2: step.open for `step`, and its guard allows it. */
    canOpenStep: ({ context, event }, params: StepParams) =>
      event.type === 'step.open' &&
      event.step === params.step &&
      isStepReachable(context.completed, context.hasPendingOrder, params.step),
    isLanding: ({ context }, params: StepParams) => landingOf(context) === params.step,
    isLandingElsewhere: ({ context }, params: StepParams) =>
      landingOf(context) === params.step && context.step !== null && context.step !== params.step,
    isCommitted: ({ context }) => context.completed.review && context.order !== null,
    /** docs/product.md §5: a selected artist can always be unselected; another is selected only below the cap. */
    canToggleArtist: ({ context, event }) =>
      event.type === 'artists.toggle' &&
      (context.forms.song.selected_artists.includes(event.id) ||
        context.forms.song.selected_artists.length < MAX_SELECTED_ARTISTS),
    canPreselectArtist: ({ context, event }) =>
      event.type === 'artists.preselect' &&
      !context.forms.song.selected_artists.includes(event.id) &&
      context.forms.song.selected_artists.length < MAX_SELECTED_ARTISTS,
    canPrefillGifter: ({ context, event }) =>
      event.type === 'session.loggedIn' && isGifterBlank(context.forms.occasion),
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isOutOfSync: ({ event }) => 'error' in event && isOutOfSync(event.error),
    isDraftMissing: ({ event }) => 'error' in event && isDraftMissing(event.error),
  },
  actions: {
    setStep: assign((_, params: StepParams) => ({ step: params.step })),
    signIn: assign({ guest: false }),
    /** The account now signed in owns the draft (it keeps it when the session ends in another tab). */
    setOwner: assign(({ event }) => (event.type === 'session.loggedIn' ? { owner: accountKey(event.account) } : {})),
    markUnsynced: assign({ unsynced: true }),
    markSynced: assign({ unsynced: false }),
    becomeGuest: assign({ guest: true }),
    /** A guest's first step is done: the pending-order flag stands for the draft kept in this browser. */
    markLocalDraft: assign({ hasPendingOrder: true }),
    setLocalErrors: assign(({ context }, params: { step: FormStep }) => ({
      errors: { ...context.errors, [params.step]: localErrorsOf(params.step, context.forms) },
    })),
    /** A step (and those after it) is not done after all: the server did not take it. */
    unmarkFrom: assign(({ context }, params: { step: FormStep }) => {
      const from = completableSteps.indexOf(params.step);
      const completed = Object.fromEntries(
        completableSteps.map((step, i) => [step, i < from && context.completed[step]]),
      ) as CompletedSteps;
      return { completed, hasPendingOrder: context.orderId !== null };
    }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const { step, name, value } = event;
      let values: Record<string, unknown> = { ...context.forms[step], [name]: value };
      let errors = withoutField(context.errors[step], name);
      if (step === 'occasion' && name === 'gifter_country') {
        // As in sign-up (docs/product.md §5): the dial code follows the country, and a new country clears the number.
        const code = String(value).toUpperCase();
        values = { ...values, gifter_country: code, gifter_dial_code: findCountry(code)?.dial_code ?? '' };
        if (code !== context.forms.occasion.gifter_country) {
          values.gifter_contact_number = '';
          errors = withoutField(errors, 'gifter_contact_number');
        }
        errors = withoutField(errors, 'gifter_dial_code');
      }
      return {
        forms: { ...context.forms, [step]: values },
        errors: { ...context.errors, [step]: errors },
      };
    }),
    toggleArtist: assign(({ context, event }) => {
      if (event.type !== 'artists.toggle') return {};
      return {
        forms: {
          ...context.forms,
          song: {
            ...context.forms.song,
            selected_artists: toggledArtists(context.forms.song.selected_artists, event.id),
          },
        },
        errors: { ...context.errors, song: withoutField(context.errors.song, 'selected_artists') },
      };
    }),
    preselectArtist: assign(({ context, event }) => {
      if (event.type !== 'artists.preselect') return {};
      return {
        forms: {
          ...context.forms,
          song: { ...context.forms.song, selected_artists: withArtist(context.forms.song.selected_artists, event.id) },
        },
      };
    }),
    setClipPending: assign(({ context, event }) => {
      if (event.type !== 'clip.pending') return {};
      const others = context.pendingClips.filter((slot) => slot !== event.slot);
      return { pendingClips: event.pending ? [...others, event.slot] : others };
    }),
    setClip: assign(({ context, event }) => {
      if (event.type !== 'clip.set') return {};
      return {
        forms: { ...context.forms, story: { ...context.forms.story, [event.slot]: event.temp_location } },
        errors: { ...context.errors, story: withoutField(context.errors.story, event.slot) },
      };
    }),
    prefillGifter: assign(({ context, event }) =>
      event.type === 'session.loggedIn'
        ? { forms: { ...context.forms, occasion: prefillGifter(context.forms.occasion, event.account) } }
        : {},
    ),
    setPaymentMethod: assign(({ event }) =>
      event.type === 'checkout.pay' || event.type === 'checkout.methodChosen'
        ? { paymentMethod: event.paymentMethod }
        : {},
    ),
    clearStepErrors: assign(({ context }, params: StepParams) => ({
      errors: { ...context.errors, [params.step]: {} },
    })),
    setStepErrors: assign(({ context }, params: StepParams & { error: unknown }) => ({
      errors: { ...context.errors, [params.step]: readFailure(params.error).errors ?? {} },
    })),
    setLastError: assign((_, params: { message: string }) => ({ lastError: params.message })),
    clearLastError: assign({ lastError: null }),
    markStep: assign(({ context }, params: { step: CompletableStep }) => ({
      completed: { ...context.completed, [params.step]: true },
    })),
    /** POST /temp-order answered: the draft exists (docs/product.md §4: order_id, occasion done, the pending-order flag). */
    storeCreatedDraft: assign(({ context }, params: { orderId: number }) => ({
      orderId: params.orderId,
      hasPendingOrder: true,
      completed: { ...context.completed, occasion: true },
    })),
    storeTempOrder: assign((_, params: { tempOrder: TempOrder }) => ({ tempOrder: params.tempOrder })),
    /** docs/product.md §4: commit marks review, sets checkout pending and keeps the order and its id. */
    storeOrder: assign(({ context }, params: { order: CommitOrderOutput }) => ({
      order: { id: params.order.id, reference: params.order.reference, price: params.order.price },
      completed: { ...context.completed, review: true },
      checkoutPending: true,
    })),
    applyServerDraft: assign(({ context }, params: { tempOrder: TempOrder }) => fromServer(context, params.tempOrder)),
    forgetServerDraft: assign(noServerDraft),
    /** docs/product.md §4 Reset: the order id, steps, forms and flags (storage: clearStoredDraft). */
    resetDraft: assign(() => ({
      ...noServerDraft,
      step: null,
      forms: emptyForms(),
      errors: noErrors,
      paymentMethod: '',
      lastError: null,
      owner: null,
      unsynced: false,
    })),
    // Supplied by the app:
    persistDraft: (_, _params: PersistDraftParams) => {},
    clearStoredDraft: () => {},
    goToStep: (_, _params: GoToStepParams) => {},
    leaveForPayment: (_, _params: LeaveForPaymentParams) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'orderDraft',
  context: ({ input }) => initialDraftContext(input),
  initial: 'starting',
  on: {
    'draft.reset': {
      target: '.editing.occasion',
      actions: ['resetDraft', 'clearStoredDraft'],
      description: 'The draft is thrown away: the customer starts a new order at the occasion step.',
    },
    'session.loggedOut': {
      target: '.editing.occasion',
      actions: ['resetDraft', 'clearStoredDraft', 'becomeGuest'],
      description:
        'The customer signed out: the draft is cleared from this browser and a new one starts at the occasion step.',
    },
    'session.endedElsewhere': {
      actions: ['becomeGuest', persist],
      description:
        'The session ended in another tab: this tab keeps the draft and everything typed (stored again, as that sign-out cleared it) for the same account to continue after signing in again; it is kept in this browser meanwhile.',
    },
    'session.loggedIn': [
      {
        guard: 'canPrefillGifter',
        actions: ['signIn', 'setOwner', 'prefillGifter', persist],
        description:
          "A customer signed in: their name, email and phone fill the gifter's details that are still empty.",
      },
      {
        guard: 'isGuest',
        actions: ['signIn', 'setOwner'],
        description:
          'A customer signed in while the draft was busy or kept on the account: its saves now go to the account.',
      },
    ],
    'clip.pending': {
      actions: 'setClipPending',
      description: 'Whatever the draft is doing, the story step shows when a voice take or an upload is under way.',
    },
  },
  states: {
    starting: {
      description:
        'The order flow opens: a draft kept in this browser is checked with the server first; without one the customer starts at once.',
      always: [
        {
          guard: 'hasOrderId',
          target: 'restoring',
          description: 'A draft was kept in this browser: check it with the server first.',
        },
        {
          target: 'deciding',
          description: 'No draft kept: the customer starts on the step they asked for, or the first one.',
        },
      ],
    },
    /**
     * GET /temp-order/{id}: at start, and after a 409 (the server decides which steps are done). Pages
     * wait for it (isDraftSettled) before their guards run, so step.open is not taken here.
     */
    restoring: {
      description:
        'The draft is being fetched from the server (at start, or after it changed elsewhere); the pages wait for it before opening a step.',
      tags: ['busy', 'restoring'],
      invoke: {
        id: 'loadTempOrder',
        src: 'loadTempOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: {
          target: 'deciding',
          actions: [{ type: 'applyServerDraft', params: ({ event }) => ({ tempOrder: event.output }) }, persist],
          description: "The server's draft arrived: it wins over what this browser kept (answers and finished steps).",
        },
        onError: [
          {
            guard: 'isDraftMissing',
            target: 'deciding',
            actions: forgetDraft,
            description:
              'The server no longer has this draft: the customer is told, and their answers are kept to be saved afresh.',
          },
          // Offline or failing: go on with the stored draft.
          {
            target: 'deciding',
            actions: toastFailure,
            description:
              'The server could not be reached: the customer is told and goes on with the draft this browser kept.',
          },
        ],
      },
    },
    deciding: {
      description:
        'Choosing where the customer lands: the step they opened if the steps before it are done, else the first step not done.',
      always: landingTransitions(),
    },
    editing: {
      description: 'The customer fills in the order, one step at a time: occasion, song, story, review, checkout.',
      initial: 'occasion',
      states: {
        occasion: {
          description: 'The occasion step: who the song is for, from whom, and the occasion.',
          on: {
            'step.save': [
              ...guestSave('occasion'),
              {
                guard: and([{ type: 'isEventStep', params: { step: 'occasion' } } as const, 'hasOrderId']),
                target: '#orderDraft.saving.occasion',
                actions: startCall('occasion'),
                description: 'The customer saves the occasion of a draft the server already has: it is updated.',
              },
              {
                guard: { type: 'isEventStep', params: { step: 'occasion' } },
                target: '#orderDraft.saving.creating',
                actions: startCall('occasion'),
                description: 'The customer saves the occasion for the first time: the server creates the draft.',
              },
            ],
          },
        },
        song: {
          description: "The song step: the artists to offer the order to, and the song's style.",
          on: {
            'step.save': [
              ...guestSave('song'),
              {
                guard: { type: 'isEventStep', params: { step: 'song' } },
                target: '#orderDraft.saving.song',
                actions: startCall('song'),
                description: 'The customer saves the song step.',
              },
            ],
          },
        },
        story: {
          description: 'The story step: what the song should tell, with voice takes or files.',
          on: {
            'step.save': [
              ...guestSave('story'),
              {
                guard: { type: 'isEventStep', params: { step: 'story' } },
                target: '#orderDraft.saving.story',
                actions: startCall('story'),
                description: 'The customer saves the story step.',
              },
            ],
          },
        },
        review: {
          description: 'The review step: the customer checks the whole order before placing it.',
          on: {
            'review.commit': [
              // Already committed (back on review from checkout): nothing to commit again.
              {
                guard: 'isCommitted',
                target: 'checkout',
                actions: goTo('checkout'),
                description:
                  'The order was placed already (the customer came back from checkout): on to checkout again.',
              },
              {
                guard: not('isGuest'),
                target: '#orderDraft.committing',
                actions: startCall('review'),
                description: 'The customer confirms the review: the draft becomes an order awaiting payment.',
              },
            ],
          },
        },
        checkout: {
          description: 'The checkout step: the customer chooses how to pay for the order.',
          on: {
            'checkout.pay': {
              guard: 'isCommitted',
              target: '#orderDraft.paying',
              actions: ['setPaymentMethod', ...startCall('checkout')],
              description: 'The customer pays with the method chosen: payment starts with the provider.',
            },
          },
        },
      },
      on: {
        'step.open': openStepTransitions('.'),
        'session.loggedIn': [
          {
            guard: and(['isGuest', 'isOtherAccount']),
            target: '#orderDraft.finding',
            actions: ['resetDraft', 'clearStoredDraft', 'signIn', 'setOwner', 'prefillGifter', persist],
            description:
              "Another account signs in over a draft kept for the account signed out in another tab: that draft is cleared (never shown to them) and this account's own open draft is looked for.",
          },
          {
            guard: and(['isGuest', 'hasUnsyncedSteps']),
            target: '#orderDraft.syncing.occasionAgain',
            actions: ['signIn', 'setOwner', 'prefillGifter', persist],
            description:
              'Signing in again over a draft the account has, with steps saved in this browser meanwhile: those steps are saved to the account, nothing retyped.',
          },
          {
            guard: and(['isGuest', 'hasLocalDraft']),
            target: '#orderDraft.syncing',
            actions: ['signIn', 'setOwner', 'prefillGifter', persist],
            description:
              'A guest who wrote their brief signs up or logs in: what they wrote is saved to their account, nothing to retype.',
          },
          {
            guard: and(['isGuest', 'hasNoDraft']),
            target: '#orderDraft.finding',
            actions: ['signIn', 'setOwner', 'prefillGifter', persist],
            description:
              "A customer signs in with no draft in this browser (a new device, a new tab): their account's open draft is looked for.",
          },
        ],
        'draft.discard': [
          {
            guard: and(['hasOrderId', not('isCommitted')]),
            target: '#orderDraft.discarding',
            actions: startCall('occasion'),
            description: '"Start over": the draft kept on the account is deleted.',
          },
          {
            guard: not('isCommitted'),
            target: '.occasion',
            actions: ['resetDraft', 'clearStoredDraft', ...goTo('occasion')],
            description:
              '"Start over" with a draft kept only in this browser: it is cleared, back to the occasion step.',
          },
        ],
        'checkout.methodChosen': {
          actions: 'setPaymentMethod',
          description:
            'The payment method chosen at checkout is kept while the customer goes back to edit (and on again).',
        },
        'field.changed': {
          actions: ['setField', persist],
          description: 'The customer types or picks an answer; the draft is kept in this browser.',
        },
        'artists.toggle': {
          guard: 'canToggleArtist',
          actions: ['toggleArtist', persist],
          description: 'The customer selects or unselects an artist (a new one only while below the maximum).',
        },
        'artists.preselect': {
          guard: 'canPreselectArtist',
          actions: ['preselectArtist', persist],
          description: '"Order with this artist": that artist is selected for the song, if there is room.',
        },
        'clip.set': {
          actions: ['setClip', persist],
          description: 'A voice take or an uploaded file is added to, or removed from, the story.',
        },
      },
    },
    saving: {
      description: "A step's answers are being saved; the customer waits.",
      tags: ['busy', 'saving'],
      // Always entered at a step (step.save targets it); the initial child is only a formality.
      initial: 'creating',
      states: {
        creating: {
          description: 'The first save of the occasion: the server creates the draft.',
          invoke: {
            id: 'createTempOrder',
            src: 'createTempOrder',
            input: ({ context }) => context.forms.occasion,
            onDone: {
              target: '#orderDraft.editing.song',
              actions: [
                { type: 'storeCreatedDraft', params: ({ event }) => ({ orderId: event.output.order_id }) },
                persist,
                ...goTo('song'),
              ],
              description: 'The draft exists on the server, the occasion is done: on to the song step.',
            },
            onError: callFailed('occasion', { resync: false }),
          },
        },
        occasion: savingState('occasion', 'saveOccasion'),
        song: savingState('song', 'saveSong'),
        story: savingState('story', 'saveStory'),
      },
    },
    /** A guest signed in: the parts they completed are saved in order (create with the occasion, then song, story). */
    syncing: {
      description: 'The guest signed in: the parts they wrote are being saved to their account; they wait.',
      tags: ['busy', 'saving'],
      initial: 'occasion',
      states: {
        occasion: {
          description: 'The occasion the guest wrote creates the draft on their account.',
          invoke: {
            id: 'createTempOrder',
            src: 'createTempOrder',
            input: ({ context }) => context.forms.occasion,
            onDone: syncNext('song', [
              { type: 'storeCreatedDraft', params: ({ event }) => ({ orderId: event.output.order_id }) },
            ]),
            onError: syncFailed('occasion'),
          },
        },
        occasionAgain: {
          description: 'The occasion, as this browser kept it, is saved again to the draft the account has.',
          invoke: {
            id: 'saveOccasion',
            src: 'saveOccasion',
            input: ({ context }) => ({ orderId: context.orderId ?? 0, values: context.forms.occasion }),
            onDone: syncNext('song', [storeAnswer]),
            onError: syncFailed('occasion'),
          },
        },
        song: syncingStep('song', 'saveSong'),
        story: syncingStep('story', 'saveStory'),
      },
    },
    /** GET /temp-order/current: the signed-in customer's newest open draft, if any. */
    finding: {
      description: "Looking for the account's open draft, to continue it on this device; the pages wait for it.",
      tags: ['busy', 'restoring'],
      invoke: {
        id: 'loadCurrentDraft',
        src: 'loadCurrentDraft',
        onDone: [
          {
            guard: 'hasFoundDraft',
            target: 'deciding',
            actions: [
              { type: 'applyServerDraft', params: ({ event }) => ({ tempOrder: event.output as TempOrder }) },
              persist,
            ],
            description: 'The account has a draft: its answers and finished steps fill this device, ready to continue.',
          },
          { target: 'deciding', description: 'The account has no open draft: the customer starts a new one.' },
        ],
        onError: {
          target: 'deciding',
          description: 'The draft could not be looked for (offline): the customer starts here as if there were none.',
        },
      },
    },
    /** DELETE /temp-order/{id}: "Start over". */
    discarding: {
      description: 'The draft is being deleted from the account, to start over.',
      tags: ['busy', 'saving'],
      invoke: {
        id: 'discardTempOrder',
        src: 'discardTempOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: {
          target: 'editing.occasion',
          actions: ['resetDraft', 'clearStoredDraft', ...goTo('occasion')],
          description: 'The draft is deleted: the customer starts a new order at the occasion step.',
        },
        onError: [
          {
            guard: 'isDraftMissing',
            target: 'editing.occasion',
            actions: ['resetDraft', 'clearStoredDraft', ...goTo('occasion')],
            description:
              'The draft was gone already (deleted elsewhere): the customer starts a new order all the same.',
          },
          {
            target: 'deciding',
            actions: toastFailure,
            description: 'It could not be deleted (offline, or the server): the customer is told and the draft stays.',
          },
        ],
      },
    },
    committing: {
      description: 'The reviewed draft is being turned into an order awaiting payment.',
      tags: ['busy', 'saving'],
      invoke: {
        id: 'commitOrder',
        src: 'commitOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? 0 }),
        onDone: {
          target: 'editing.checkout',
          actions: [
            { type: 'storeOrder', params: ({ event }) => ({ order: event.output }) },
            persist,
            ...goTo('checkout'),
          ],
          description: 'The order is placed, awaiting payment: on to checkout.',
        },
        onError: callFailed('review', { resync: true }),
      },
    },
    paying: {
      description:
        'Payment is starting with the provider; once it has, the draft is cleared before the customer leaves for the payment page.',
      tags: ['busy', 'saving'],
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({ orderId: context.order?.id ?? 0, paymentMethod: context.paymentMethod }),
        onDone: {
          target: 'leaving',
          actions: [
            'resetDraft',
            'clearStoredDraft',
            { type: 'leaveForPayment', params: ({ event }) => ({ url: event.output.payment.Url }) },
          ],
          description: "Payment started: the draft is cleared and the customer goes to the provider's payment page.",
        },
        onError: callFailed('checkout', { resync: false }),
      },
    },
    leaving: {
      description:
        "The customer is on their way to the payment page; coming back (the browser's Back) opens a new draft.",
      tags: ['leaving'],
      on: {
        'step.open': openStepTransitions('editing.'),
      },
    },
  },
});
