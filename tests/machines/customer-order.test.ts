import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lifecycleMessages, revisionNoteTooShort } from '../../contracts/lifecycle';
import type { OrderDetail } from '../../contracts/order';
import { orderMessages } from '../../contracts/order';
import { connectCustomerOrder, ratesAbovePaid } from '../../machines/customer-order.connect';
import {
  type CustomerAction,
  type CustomerOrderCall,
  type CustomerOrderCallOutput,
  type CustomerOrderEvent,
  customerActions,
  customerOrderMachine,
  doneMessages,
  emptyDrafts,
  isActionAllowed,
  parseAction,
} from '../../machines/customer-order.machine';
import { orderAt } from './customer-order.fixtures';
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
} from './model';

const invalid = { status: 422, message: 'The given data was invalid.', errors: { reason: ['Server says no'] } };
const conflict = { status: 409, message: lifecycleMessages.notNow.customer_rejected };
const down = { status: 503, message: 'Please try again in a moment.' };

const loaded = (order: OrderDetail) =>
  ({ type: 'xstate.done.actor.loadOrder', output: order }) as unknown as CustomerOrderEvent;
const common = [
  { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'This order was not found.' } },
  { type: 'xstate.error.actor.loadOrder', error: down },
  { type: 'user.retry' },
  { type: 'user.close' },
  // The live routing: the order changed elsewhere.
  { type: 'live.changed' },
  { type: 'xstate.done.actor.runAction', output: {} },
  { type: 'xstate.error.actor.runAction', error: invalid },
  { type: 'xstate.error.actor.runAction', error: conflict },
  { type: 'xstate.error.actor.runAction', error: down },
] as unknown as CustomerOrderEvent[];

const open = (action: CustomerAction): CustomerOrderEvent => ({ type: 'user.open', action });
const submit = (action: CustomerAction): CustomerOrderEvent => ({ type: 'user.submit', action });

/** Each scenario: the order as loaded, what it becomes after its actions, and the events a person sends. */
const scenarios: Record<string, CustomerOrderEvent[]> = {
  'a delivered song': [
    loaded(orderAt('delivered')),
    loaded(orderAt('completed')),
    loaded(orderAt('in_revision', { revisions_used: 1 })),
    open('accept'),
    open('reject'),
    open('cancel'),
    { type: 'field.changed', action: 'reject', name: 'reason', value: '  A slower tempo, please  ' },
    submit('accept'),
    submit('reject'),
    { type: 'user.confirm' },
    { type: 'user.back' },
  ],
  'a completed song': [
    loaded(orderAt('completed')),
    loaded(orderAt('completed', { rated: true }, { rating: 5 })),
    { type: 'field.changed', action: 'rate', name: 'rating', value: '5' },
    { type: 'field.changed', action: 'gift', name: 'reveal_on', value: '2099-02-14' },
    submit('rate'),
    submit('gift'),
    submit('reject'),
  ],
  'an order no artist took': [
    loaded(orderAt('needs_artist')),
    loaded(orderAt('offered', { open_offers: 1 })),
    { type: 'artist.toggled', id: 'a9' },
    { type: 'artist.toggled', id: 'a1' },
    open('cancel'),
    submit('rebook'),
    submit('cancel'),
  ],
};

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = customerOrderMachine.provide({
    actors: {
      loadOrder: fakes.actor<OrderDetail, { orderId: number }>('loadOrder'),
      runAction: fakes.actor<CustomerOrderCallOutput, CustomerOrderCall>('runAction'),
    },
    actions: recordingActions(['showSuccessToast', 'showErrorToast'], log),
  });
  return { actor: createActor(machine, { input: { orderId: 7 } }).start(), fakes, log };
}

const valid = (s: any) => customerActions.filter((a) => parseAction(a, s.context.drafts).ok);

// Told apart by the state, the order's place in the lifecycle, the open dialog, the running action
// and which drafts could be sent: the text typed and the messages shown do not change the flow.
const serializeState = (s: any) =>
  JSON.stringify([s.value, s.context.order?.lifecycle ?? null, s.context.dialog, s.context.pending, valid(s)]);

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(h.fakes.pending.get('loadOrder')?.input).toEqual({ orderId: 7 });
    expect(connectCustomerOrder(s)).toMatchObject({ loading: true, order: null });
  },
  missing: (s, h) => {
    expect(connectCustomerOrder(s)).toMatchObject({
      missing: true,
      order: null,
      loadError: 'This order was not found.',
    });
    expect(s.can({ type: 'user.retry' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  failed: (s, h) => {
    expect(connectCustomerOrder(s)).toMatchObject({ failed: true, loadError: down.message });
    expect(s.can({ type: 'user.retry' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
  'ready.idle': (s, h) => {
    const view = connectCustomerOrder(s);
    expect(view.order).toBe(s.context.order);
    expect(view.busy).toBe(false);
    expect(s.context.pending).toBeNull();
    expect(h.fakes.pending.size).toBe(0);
    // A dialog is only ever open for an action the lifecycle allows now.
    if (s.context.dialog) expect(isActionAllowed(s.context.order, s.context.dialog)).toBe(true);
    for (const action of customerActions) expect(view.allowed(action)).toBe(isActionAllowed(s.context.order, action));
  },
  'ready.confirming': (s, h) => {
    // Her notes are valid and nothing is sent yet: she is told what remains after this revision.
    expect(s.context.dialog).toBe('reject');
    expect(s.context.pending).toBeNull();
    expect(parseAction('reject', s.context.drafts).ok).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
    const view = connectCustomerOrder(s);
    expect(view).toMatchObject({ revisionStep: 'confirm', busy: false, dialog: 'reject' });
    expect(view.revisionConfirmText).toContain(view.revisionsLeft > 1 ? `${view.revisionsLeft - 1} revision` : 'last');
  },
  'ready.running': (s, h) => {
    const action = s.context.pending as CustomerAction;
    expect(isActionAllowed(s.context.order, action)).toBe(true);
    const parsed = parseAction(action, s.context.drafts);
    expect(parsed.ok).toBe(true);
    expect(h.fakes.pending.get('runAction')?.input).toEqual({
      orderId: 7,
      action,
      body: parsed.ok ? parsed.body : null,
    });
    expect(connectCustomerOrder(s)).toMatchObject({ busy: true, pending: action });
    // One action at a time.
    expect(s.can(submit(action))).toBe(false);
    expect(s.can({ type: 'user.close' })).toBe(false);
  },
  'ready.catchingUp': (s, h) => {
    // What is shown stays while the new state loads; the actions wait for it.
    expect(s.context.order).not.toBeNull();
    expect(h.fakes.pending.get('loadOrder')?.input).toEqual({ orderId: 7 });
    expect(connectCustomerOrder(s)).toMatchObject({ busy: true, pending: null, order: s.context.order });
  },
  'ready.reloading': (s, h) => {
    expect(s.context.dialog).toBeNull();
    expect(h.fakes.pending.get('loadOrder')?.input).toEqual({ orderId: 7 });
    expect(connectCustomerOrder(s)).toMatchObject({ busy: true, pending: null });
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  switch (event.type) {
    case 'xstate.done.actor.runAction': {
      const action = before.context.pending as CustomerAction;
      const message = (event.output as { message?: string }).message ?? doneMessages[action];
      expect(actions).toEqual([{ type: 'showSuccessToast', params: { action, message } }]);
      // What was sent starts afresh (a gift keeps the date it saved).
      if (action !== 'accept' && action !== 'gift') expect(after.context.drafts[action]).toEqual(emptyDrafts[action]);
      else expect(after.context.drafts).toEqual(before.context.drafts);
      expect(after.context.errors[action]).toEqual({});
      expect(after.context.dialog).toBeNull();
      break;
    }
    case 'xstate.error.actor.runAction': {
      const error = event.error as { status: number; message: string };
      // Whatever went wrong, what was typed is kept.
      expect(after.context.drafts).toEqual(before.context.drafts);
      if (error.status === 422) {
        expect(actions).toEqual([]);
        expect(after.context.errors[before.context.pending]).toEqual(invalid.errors);
        expect(after.context.dialog).toBe(before.context.dialog);
      } else {
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
        // A 409: the order moved on; the dialog closes and the page reloads. Else it stays open to retry.
        expect(after.context.dialog).toBe(error.status === 409 ? null : before.context.dialog);
      }
      break;
    }
    case 'xstate.error.actor.loadOrder':
      if (before.matches({ ready: 'catchingUp' })) {
        // A live catch-up that failed says nothing: the page keeps what it showed.
        expect(actions).toEqual([]);
        expect(after.context.order).toBe(before.context.order);
      } else if (before.matches({ ready: 'reloading' })) {
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: (event.error as any).message } }]);
        expect(after.context.order).toBe(before.context.order);
      } else expect(actions).toEqual([]);
      break;
    case 'user.submit':
      expect(actions).toEqual([]);
      if (after.matches({ ready: 'confirming' })) {
        // A valid request for changes waits for her word; nothing else goes this way.
        expect(event.action).toBe('reject');
        expect(parseAction('reject', before.context.drafts).ok).toBe(true);
      } else if (handled && !after.matches({ ready: 'running' })) {
        const parsed = parseAction(event.action as CustomerAction, before.context.drafts);
        expect(parsed.ok).toBe(false);
        expect(after.context.errors[event.action as CustomerAction]).toEqual(parsed.ok ? {} : parsed.errors);
      }
      break;
    case 'field.changed':
      expect(actions).toEqual([]);
      expect((after.context.drafts as any)[event.action as string][event.name as string]).toBe(event.value);
      expect((after.context.errors as any)[event.action as string]?.[event.name as string]).toBeUndefined();
      break;
    case 'user.back':
    case 'user.close':
      // Going back or closing spends nothing and keeps what she typed.
      expect(actions).toEqual([]);
      expect(after.context.drafts).toEqual(before.context.drafts);
      expect(after.context.pending).toBeNull();
      expect(after.context.dialog).toBe(event.type === 'user.back' ? before.context.dialog : null);
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('customerOrderMachine: model-based paths', () => {
  // Each further scenario keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = Object.entries(scenarios).map(([name, events]) => ({
    name,
    paths: getTransitionPaths(
      customerOrderMachine,
      {
        input: { orderId: 7 },
        events: [...common, ...events],
        serializeState,
      },
      seen,
    ),
  }));
  it('takes every transition', () =>
    expectAllTransitionsCovered(
      customerOrderMachine,
      all.flatMap((s) => s.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      customerOrderMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(customerOrderMachine).sort()));
  // A start that adds no transition has no paths of its own.
  for (const { name, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`for ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, start, { states, step, serializeState });
        });
      }
    });
  }
});

/** An actor that has loaded `order`. */
async function loadedWith(order: OrderDetail) {
  const h = start();
  h.fakes.resolve('loadOrder', order);
  await flush();
  return h;
}

describe('customerOrderMachine: live changes', () => {
  it('an artist accepting while the page waits: it reloads and "Cancel order" goes, even with its dialog open', async () => {
    const h = await loadedWith(orderAt('offered'));
    h.actor.send({ type: 'user.open', action: 'cancel' });
    expect(connectCustomerOrder(h.actor.getSnapshot()).dialog).toBe('cancel');
    h.actor.send({ type: 'live.changed' });
    expect(h.actor.getSnapshot().matches({ ready: 'catchingUp' })).toBe(true);
    // A second change before the answer: asked again (the first answer may predate it).
    h.actor.send({ type: 'live.changed' });
    h.fakes.resolve('loadOrder', orderAt('in_progress'));
    await flush();
    const view = connectCustomerOrder(h.actor.getSnapshot());
    expect(view.order?.status).toBe('in_progress');
    expect(view.allowed('cancel')).toBe(false);
    expect(view.dialog).toBeNull();
    expect(view.busy).toBe(false);
  });

  it("a change while an action runs waits for the action's own reload", async () => {
    const h = await loadedWith(orderAt('offered'));
    h.actor.send({ type: 'field.changed', action: 'cancel', name: 'reason', value: 'Changed my mind' } as never);
    h.actor.send({ type: 'user.submit', action: 'cancel' });
    expect(h.actor.getSnapshot().matches({ ready: 'running' })).toBe(true);
    expect(h.actor.getSnapshot().can({ type: 'live.changed' })).toBe(false);
  });
});

describe('customerOrderMachine: rules', () => {
  it('offers exactly what the lifecycle allows the customer at each status', () => {
    const allowed = (order: OrderDetail) => customerActions.filter((a) => isActionAllowed(order, a));
    expect(allowed(orderAt('awaiting_payment'))).toEqual(['cancel']);
    expect(allowed(orderAt('offered'))).toEqual(['cancel']);
    expect(allowed(orderAt('needs_artist'))).toEqual(['cancel', 'rebook']);
    expect(allowed(orderAt('in_progress'))).toEqual([]);
    expect(allowed(orderAt('in_validation'))).toEqual([]);
    expect(allowed(orderAt('delivered'))).toEqual(['accept', 'reject']);
    expect(allowed(orderAt('delivered', { revisions_used: 2 }))).toEqual(['accept']);
    expect(allowed(orderAt('completed'))).toEqual(['rate', 'gift']);
    expect(allowed(orderAt('completed', { rated: true }))).toEqual(['gift']);
    expect(allowed(orderAt('cancelled'))).toEqual([]);
  });

  it('shows the revisions left, and says so when none are', async () => {
    const h = await loadedWith(orderAt('delivered', { revisions_used: 1, revision_limit: 3 }));
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({
      revisionsLeft: 2,
      revisionsLeftText: '2 revisions left',
      noRevisionsLeft: false,
    });
    const none = await loadedWith(orderAt('delivered', { revisions_used: 2 }));
    expect(connectCustomerOrder(none.actor.getSnapshot())).toMatchObject({ revisionsLeft: 0, noRevisionsLeft: true });
    expect(none.actor.getSnapshot().can(open('reject'))).toBe(false);
  });

  it('checks the feedback with the shared schema before sending, and sends it trimmed', async () => {
    const h = await loadedWith(orderAt('delivered'));
    h.actor.send(open('reject'));
    h.actor.send(submit('reject'));
    expect(h.actor.getSnapshot().context.errors.reject).toEqual({ reason: [lifecycleMessages.changesRequired] });
    expect(h.fakes.pending.size).toBe(0);
    // One word is not enough (REVISION_NOTE_MIN_WORDS): the rule shows and what was typed stays.
    h.actor.send({ type: 'field.changed', action: 'reject', name: 'reason', value: 'Slower' });
    h.actor.send(submit('reject'));
    expect(h.actor.getSnapshot().context.errors.reject).toEqual({ reason: [revisionNoteTooShort] });
    expect(h.actor.getSnapshot().context.drafts.reject.reason).toBe('Slower');
    expect(h.fakes.pending.size).toBe(0);
    h.actor.send({
      type: 'field.changed',
      action: 'reject',
      name: 'reason',
      value: '  Slower, please, in the chorus ',
    });
    expect(h.actor.getSnapshot().context.errors.reject).toEqual({});
    h.actor.send(submit('reject'));
    // Nothing is spent until she confirms.
    expect(h.actor.getSnapshot().matches({ ready: 'confirming' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.pending.get('runAction')?.input).toEqual({
      orderId: 7,
      action: 'reject',
      body: { reason: 'Slower, please, in the chorus' },
    });
  });

  it('asks before a revision is used, saying how many remain; going back or closing spends nothing and keeps the notes', async () => {
    const h = await loadedWith(orderAt('delivered'));
    const notes = 'Softer in the last chorus, please.';
    h.actor.send(open('reject'));
    h.actor.send({ type: 'field.changed', action: 'reject', name: 'reason', value: notes });
    h.actor.send(submit('reject'));
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({
      revisionStep: 'confirm',
      revisionConfirmText: 'This uses one of your 2 revisions. After it, you will have 1 revision left.',
    });
    h.actor.send({ type: 'user.back' });
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({ revisionStep: 'notes', dialog: 'reject' });
    expect(h.actor.getSnapshot().context.drafts.reject.reason).toBe(notes);
    h.actor.send(submit('reject'));
    h.actor.send({ type: 'user.close' });
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({ revisionStep: 'notes', dialog: null });
    expect(h.actor.getSnapshot().context.drafts.reject.reason).toBe(notes);
    expect(h.fakes.calls.filter((c) => c.src === 'runAction')).toEqual([]);
    // While her confirmed request is sent, the dialog stays on the confirmation.
    h.actor.send(open('reject'));
    h.actor.send(submit('reject'));
    h.actor.send({ type: 'user.confirm' });
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({ revisionStep: 'confirm', pending: 'reject' });
    // The last one says so.
    const last = await loadedWith(orderAt('delivered', { revisions_used: 1 }));
    last.actor.send({ type: 'field.changed', action: 'reject', name: 'reason', value: notes });
    last.actor.send(submit('reject'));
    expect(connectCustomerOrder(last.actor.getSnapshot()).revisionConfirmText).toBe(
      'This uses your last revision: after it you can accept the song, but not ask for more changes.',
    );
  });

  it('asks for a rating from 1 to 5 and sends it as a number', async () => {
    const h = await loadedWith(orderAt('completed'));
    h.actor.send(submit('rate'));
    expect(h.actor.getSnapshot().context.errors.rate).toEqual({ rating: [lifecycleMessages.ratingRequired] });
    h.actor.send({ type: 'field.changed', action: 'rate', name: 'rating', value: '4' });
    h.actor.send({ type: 'field.changed', action: 'rate', name: 'review', value: 'Lola cried.' });
    h.actor.send(submit('rate'));
    expect(h.fakes.pending.get('runAction')?.input).toEqual({
      orderId: 7,
      action: 'rate',
      body: { rating: 4, review: 'Lola cried.' },
    });
  });

  it('rebooks up to three new artists, never one offered before', async () => {
    const h = await loadedWith(orderAt('needs_artist'));
    for (const id of ['a1', 'b1', 'b2', 'b3', 'b4']) h.actor.send({ type: 'artist.toggled', id });
    expect(h.actor.getSnapshot().context.drafts.rebook.selected_artists).toEqual(['b1', 'b2', 'b3']);
    expect(connectCustomerOrder(h.actor.getSnapshot()).canChooseMoreArtists).toBe(false);
    h.actor.send({ type: 'artist.toggled', id: 'b2' });
    expect(h.actor.getSnapshot().context.drafts.rebook.selected_artists).toEqual(['b1', 'b3']);
    h.actor.send(submit('rebook'));
    expect(h.fakes.pending.get('runAction')?.input).toMatchObject({ body: { selected_artists: ['b1', 'b3'] } });
  });

  it('a rebook with nobody chosen sends nothing and says so on the picker', async () => {
    const h = await loadedWith(orderAt('needs_artist'));
    h.actor.send(submit('rebook'));
    expect(h.fakes.pending.size).toBe(0);
    expect(connectCustomerOrder(h.actor.getSnapshot()).errorsOf('rebook')).toEqual({
      selected_artists: [orderMessages.artistsRequired],
    });
    // Choosing someone clears it.
    h.actor.send({ type: 'artist.toggled', id: 'b1' });
    expect(connectCustomerOrder(h.actor.getSnapshot()).errorsOf('rebook')).toEqual({});
  });

  it('names the chosen artists who ask more than the order was paid, and by how much', async () => {
    const h = await loadedWith(orderAt('needs_artist'));
    const paid = h.actor.getSnapshot().context.order?.price ?? 0;
    const candidates = [
      { id: 'b1', stage_name: 'Ben Tides', rate: paid + 800 },
      { id: 'b2', stage_name: 'Cora', rate: paid },
      { id: 'b3', stage_name: 'Dee', rate: paid - 500 },
    ];
    for (const id of ['b1', 'b2', 'b3']) h.actor.send({ type: 'artist.toggled', id });
    expect(connectCustomerOrder(h.actor.getSnapshot()).ratesAbovePaid(candidates)).toEqual([
      { id: 'b1', stage_name: 'Ben Tides', rate: paid + 800, difference: 800 },
    ]);
    expect(ratesAbovePaid(paid, [], candidates)).toEqual([]);
    // A chosen artist no longer listed (another page of the catalogue) is left out rather than guessed.
    expect(ratesAbovePaid(paid, ['zz'], candidates)).toEqual([]);
  });

  it('starts the gift form from the saved reveal date and sends an empty date as none', async () => {
    const link = { token: 'tok', url: 'https://labsongs.test/gift/tok', reveal_on: '2099-02-14' };
    const h = await loadedWith(orderAt('completed', {}, { gift: link }));
    expect(h.actor.getSnapshot().context.drafts.gift).toEqual({ reveal_on: '2099-02-14' });
    h.actor.send({ type: 'field.changed', action: 'gift', name: 'reveal_on', value: '' });
    h.actor.send(submit('gift'));
    expect(h.fakes.pending.get('runAction')?.input).toEqual({ orderId: 7, action: 'gift', body: { reveal_on: null } });
  });

  it("toasts the server's message when it sends one, then reloads the order", async () => {
    const h = await loadedWith(orderAt('delivered'));
    h.actor.send(open('accept'));
    h.actor.send(submit('accept'));
    h.fakes.resolve('runAction', { message: 'Thank you! All done.' });
    await flush();
    expect(h.log).toEqual([
      { type: 'showSuccessToast', params: { action: 'accept', message: 'Thank you! All done.' } },
    ]);
    expect(h.actor.getSnapshot().matches({ ready: 'reloading' })).toBe(true);
    h.fakes.resolve('loadOrder', orderAt('completed'));
    await flush();
    expect(connectCustomerOrder(h.actor.getSnapshot())).toMatchObject({ statusLabel: 'Completed', dialog: null });
  });

  it('ignores actions the lifecycle does not allow now', async () => {
    const h = await loadedWith(orderAt('in_progress'));
    for (const action of customerActions) {
      h.actor.send(open(action));
      h.actor.send(submit(action));
    }
    expect(h.actor.getSnapshot().context.dialog).toBeNull();
    expect(h.fakes.calls.filter((c) => c.src === 'runAction')).toEqual([]);
  });
});
