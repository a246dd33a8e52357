import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import {
  type AdminOrderReviewEvent,
  adminOrderReviewMachine,
  type CancelCallInput,
  type OrderActionAnswer,
  type OrderCallInput,
  type RevisionCallInput,
} from '../../machines/admin-order-review.machine';
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
  types,
} from './model';

const notes = 'Sing her name as in the clip: "Ma-RI-a".';
const tooLong = 'x'.repeat(501);
const delivered: OrderActionAnswer = {
  message: 'Validated and delivered.',
  data: { status: 'delivered', refunds: [] },
};
const revised: OrderActionAnswer = { data: { status: 'in_revision', refunds: [] } };
const refunded: OrderActionAnswer = {
  data: {
    status: 'cancelled',
    refunds: [
      {
        id: 1,
        amount: 2500,
        at: '2026-11-02T00:00:00.000Z',
        reason: 'order_cancelled',
        status: 'owed',
        method: null,
        reference: null,
        sent_at: null,
      },
    ],
  },
};
const unpaidCancel: OrderActionAnswer = { data: { status: 'cancelled', refunds: [] } };
const notesError = {
  status: 422,
  message: serverMessages.validationFailed,
  errors: { notes: [lifecycleMessages.notesRequired] },
};
const reasonError = { status: 422, message: serverMessages.validationFailed, errors: { reason: ['Too long'] } };
const conflict = { status: 409, message: lifecycleMessages.notNow.admin_validated };
const down = { status: 500, message: 'Server down' };

const events = [
  { type: 'user.validate' },
  { type: 'user.requestRevision' },
  { type: 'user.cancelOrder' },
  { type: 'notes.changed', value: notes },
  { type: 'notes.changed', value: '   ' },
  { type: 'reason.changed', value: 'Customer asked by phone' },
  { type: 'reason.changed', value: tooLong },
  { type: 'user.confirm' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.validateOrder', output: delivered },
  { type: 'xstate.error.actor.validateOrder', error: conflict },
  { type: 'xstate.error.actor.validateOrder', error: down },
  { type: 'xstate.done.actor.requestRevision', output: revised },
  { type: 'xstate.error.actor.requestRevision', error: notesError },
  { type: 'xstate.error.actor.requestRevision', error: conflict },
  { type: 'xstate.error.actor.requestRevision', error: down },
  { type: 'xstate.done.actor.cancelOrder', output: refunded },
  { type: 'xstate.done.actor.cancelOrder', output: unpaidCancel },
  { type: 'xstate.error.actor.cancelOrder', error: reasonError },
  { type: 'xstate.error.actor.cancelOrder', error: conflict },
  { type: 'xstate.error.actor.cancelOrder', error: down },
] as AdminOrderReviewEvent[];

const input = { orderId: 42 };

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = adminOrderReviewMachine.provide({
    actors: {
      validateOrder: fakes.actor<OrderActionAnswer, OrderCallInput>('validateOrder'),
      requestRevision: fakes.actor<OrderActionAnswer, RevisionCallInput>('requestRevision'),
      cancelOrder: fakes.actor<OrderActionAnswer, CancelCallInput>('cancelOrder'),
    },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'reload'], log),
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const noCalls = (h: Harness) => expect(h.fakes.pending.size).toBe(0);

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(false);
    noCalls(h);
  },
  confirmingValidation: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    // Nothing is sent before the admin confirms.
    noCalls(h);
  },
  validating: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('validateOrder')?.input).toEqual({ orderId: 42 });
    expect(s.can({ type: 'user.dismiss' })).toBe(false);
  },
  'revising.editing': (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    noCalls(h);
  },
  'revising.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // Only notes that pass revisionNotesSchema are sent, trimmed.
    expect(h.fakes.pending.get('requestRevision')?.input).toEqual({ orderId: 42, notes });
  },
  'cancelling.editing': (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    noCalls(h);
  },
  'cancelling.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('cancelOrder')?.input).toEqual({ orderId: 42, reason: s.context.reason.trim() });
    expect(s.context.reason.length).toBeLessThanOrEqual(500);
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  const type = event.type;
  if (type === 'xstate.done.actor.validateOrder') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: 'Validated and delivered.' } },
      { type: 'reload', params: undefined },
    ]);
  } else if (type === 'xstate.done.actor.requestRevision') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: lifecycleMessages.revisionRequested } },
      { type: 'reload', params: undefined },
    ]);
    expect(after.context.notes).toBe('');
  } else if (type === 'xstate.done.actor.cancelOrder') {
    // Without a server message, the toast says whether a refund was recorded.
    const message = event.output === refunded ? lifecycleMessages.cancelledRefund : lifecycleMessages.cancelled;
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message } },
      { type: 'reload', params: undefined },
    ]);
    expect(after.context.reason).toBe('');
  } else if (type.startsWith('xstate.error.actor.')) {
    const error = event.error as { status: number; message: string; errors?: Record<string, string[]> };
    if (error.errors) {
      // A 422 lands under the field; what was typed stays.
      expect(actions).toEqual([]);
      expect(after.context.errors).toEqual(error.errors);
    } else if (error.status === 409) {
      expect(types(actions)).toEqual(['showErrorToast', 'reload']);
      expect(after.matches('idle')).toBe(true);
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Server down' } }]);
    }
    expect(after.context.notes).toBe(before.context.notes);
    expect(after.context.reason).toBe(before.context.reason);
  } else {
    expect(actions).toEqual([]);
  }
  if (type === 'user.confirm' && before.matches({ revising: 'editing' }) && after.matches({ revising: 'editing' })) {
    expect(after.context.errors).toEqual({ notes: [lifecycleMessages.notesRequired] });
  }
}

describe('adminOrderReviewMachine: model-based paths', () => {
  const paths = getTransitionPaths(adminOrderReviewMachine, { input, events });
  it('takes every transition', () => expectAllTransitionsCovered(adminOrderReviewMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(adminOrderReviewMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(adminOrderReviewMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('adminOrderReviewMachine: rules', () => {
  it('refuses empty notes without a call, then sends the notes once they are written', async () => {
    const h = start();
    h.actor.send({ type: 'user.requestRevision' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.actor.getSnapshot().context.errors).toEqual({ notes: [lifecycleMessages.notesRequired] });
    expect(h.fakes.calls).toEqual([]);
    h.actor.send({ type: 'notes.changed', value: ` ${notes} ` });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.calls).toEqual([{ src: 'requestRevision', input: { orderId: 42, notes } }]);
  });

  it('keeps the typed notes when the dialog is closed and opened again', async () => {
    const h = start();
    h.actor.send({ type: 'user.requestRevision' });
    h.actor.send({ type: 'notes.changed', value: notes });
    h.actor.send({ type: 'user.dismiss' });
    h.actor.send({ type: 'user.requestRevision' });
    expect(h.actor.getSnapshot().context.notes).toBe(notes);
  });

  it('cancels without a reason: the reason is optional', async () => {
    const h = start();
    h.actor.send({ type: 'user.cancelOrder' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.calls).toEqual([{ src: 'cancelOrder', input: { orderId: 42, reason: '' } }]);
    h.fakes.resolve('cancelOrder', { message: lifecycleMessages.cancelledRefund, data: refunded.data });
    await flush();
    expect(h.log[0]).toEqual({ type: 'showSuccessToast', params: { message: lifecycleMessages.cancelledRefund } });
  });
});
