import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { csvExportMachine } from '../../machines/csv-export.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const file = { name: 'labsongs-orders-start-now.csv', blob: 'csv' };
const events = [
  { type: 'from.changed', value: '2026-11-01' },
  { type: 'to.changed', value: '2026-11-30' },
  { type: 'user.export', kind: 'payouts' },
  { type: 'xstate.done.actor.download', output: file },
  {
    type: 'xstate.error.actor.download',
    error: { status: 422, message: 'Invalid', errors: { to: ['The end date must be on or after the start date'] } },
  },
  { type: 'xstate.error.actor.download', error: { status: 500, message: 'Could not export' } },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = csvExportMachine.provide({
    actors: { download: fakes.actor('download') },
    actions: recordingActions(['saveFile', 'showErrorToast'], log),
  });
  return { actor: createActor(machine).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  downloading: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.has('download')).toBe(true);
    expect(s.context.kind).toBe('payouts');
  },
};

function step({ event, actions, snapshot }: StepCheck<Harness> & { snapshot?: any }): void {
  if (event.type.startsWith('xstate.done.actor')) expect(actions).toEqual([{ type: 'saveFile', params: { file } }]);
  else if (event.type.startsWith('xstate.error.actor') && (event as any).error.status === 500)
    expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Could not export' } }]);
  else expect(actions).toEqual([]);
  void snapshot;
}

describe('csvExportMachine: model-based paths', () => {
  const paths = getTransitionPaths(csvExportMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(csvExportMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(csvExportMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(csvExportMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('csvExportMachine: rules', () => {
  it('sends the range with the kind, and a refused date shows under its field until it changes', async () => {
    const h = start();
    h.actor.send({ type: 'from.changed', value: '2026-12-01' });
    h.actor.send({ type: 'to.changed', value: '2026-11-01' });
    h.actor.send({ type: 'user.export', kind: 'refunds' });
    expect(h.fakes.calls).toEqual([
      { src: 'download', input: { kind: 'refunds', from: '2026-12-01', to: '2026-11-01' } },
    ]);
    h.fakes.reject('download', {
      status: 422,
      message: 'Invalid',
      errors: { to: ['The end date must be on or after the start date'] },
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(h.actor.getSnapshot().context.errors).toEqual({ to: ['The end date must be on or after the start date'] });
    h.actor.send({ type: 'to.changed', value: '2026-12-31' });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
  });
});
