import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { threadReportTexts } from '../../contracts/thread-report';
import { threadReportMachine } from '../../machines/thread-report.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// "Report" on an order's conversation: a dialog with the reason, confirm or cancel; a refusal keeps the
// text and says why (under the field for the reason, above the buttons otherwise).

const input = { orderId: 12 };
const reasonError = { status: 422, message: 'Check', errors: { reason: [threadReportTexts.reasonTooShort] } };
const alreadyOpen = { status: 409, message: threadReportTexts.alreadyReported };

const events = [
  { type: 'user.open' },
  { type: 'reason.changed', value: 'The artist asked for my phone number' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.reportThread', output: {} },
  { type: 'xstate.error.actor.reportThread', error: reasonError },
  { type: 'xstate.error.actor.reportThread', error: alreadyOpen },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = threadReportMachine.provide({ actors: { reportThread: fakes.actor('reportThread') } });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  closed: (s, h) => {
    expect(s.hasTag('open')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  editing: (s, h) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  sending: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('reportThread')?.input).toEqual({ orderId: 12, reason: s.context.reason });
    expect(s.can({ type: 'user.cancel' })).toBe(false);
  },
};

function step({ event, before, after }: StepCheck<Harness>) {
  if (event.type === 'user.open') expect(after.context.sent).toBe(false);
  if (event.type === 'user.confirm') {
    expect(after.context.errors).toEqual({});
    expect(after.context.problem).toBeNull();
  }
  if (event.type === 'user.cancel') expect(after.context.reason).toBe(before.context.reason);
  if (event.type === 'xstate.done.actor.reportThread') {
    expect(after.context.sent).toBe(true);
    expect(after.context.reason).toBe('');
  }
  if (event.type === 'xstate.error.actor.reportThread') {
    // The typed reason stays; the reason's error under the field, the 409 as the dialog's message.
    expect(after.context.reason).toBe(before.context.reason);
    const error = (event as unknown as { error: { errors?: unknown; message: string } }).error;
    if (error.errors) expect(after.context.errors).toEqual(error.errors);
    else expect(after.context.problem).toBe(error.message);
  }
}

describe('threadReportMachine: model-based paths', () => {
  const serializeState = (s: any) =>
    JSON.stringify([
      s.value,
      s.context.reason !== '',
      Object.keys(s.context.errors),
      s.context.problem,
      s.context.sent,
    ]);
  const paths = getTransitionPaths(threadReportMachine, { events, input, serializeState } as never);
  it('takes every transition', () => expectAllTransitionsCovered(threadReportMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(threadReportMachine, paths));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(threadReportMachine).sort());
    for (const key of leafStateKeys(threadReportMachine))
      expect(threadReportMachine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of paths) it(describePath(path), async () => runPath(path, start, { states, step }));
});

describe('threadReportMachine: rules', () => {
  it('writing the reason clears its error', async () => {
    const h = start();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.confirm' });
    h.fakes.reject('reportThread', reasonError);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.actor.getSnapshot().context.errors).toEqual(reasonError.errors);
    h.actor.send({ type: 'reason.changed', value: 'Something longer than ten' });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
  });
});
