import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Gift } from '../../contracts/lifecycle';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { connectGiftPage } from '../../machines/gift-page.connect';
import {
  type GiftPageEvent,
  giftPageMachine,
  type SendThanksInput,
  validateThanks,
} from '../../machines/gift-page.machine';
import { gift, lockedGift } from './customer-order.fixtures';
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

const invalid = { status: 422, message: 'The given data was invalid.', errors: { message: ['Too short'] } };
const alreadySent = { status: 409, message: lifecycleMessages.thanksAlreadySent };
const down = { status: 503, message: 'Please try again in a moment.' };

const events = [
  { type: 'xstate.done.actor.loadGift', output: gift },
  { type: 'xstate.done.actor.loadGift', output: lockedGift },
  { type: 'xstate.done.actor.loadGift', output: { ...gift, thanked: true } },
  { type: 'xstate.error.actor.loadGift', error: { status: 404, message: lifecycleMessages.giftNotFound } },
  { type: 'xstate.error.actor.loadGift', error: down },
  { type: 'user.retry' },
  { type: 'field.changed', name: 'name', value: ' Lola ' },
  { type: 'field.changed', name: 'message', value: 'I loved it, thank you!' },
  { type: 'user.submit' },
  { type: 'xstate.done.actor.sendThanks', output: undefined },
  { type: 'xstate.error.actor.sendThanks', error: invalid },
  { type: 'xstate.error.actor.sendThanks', error: alreadySent },
  { type: 'xstate.error.actor.sendThanks', error: down },
] as unknown as GiftPageEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = giftPageMachine.provide({
    actors: {
      loadGift: fakes.actor<Gift, { token: string }>('loadGift'),
      sendThanks: fakes.actor<unknown, SendThanksInput>('sendThanks'),
    },
    actions: recordingActions(['showErrorToast'], log),
  });
  return { actor: createActor(machine, { input: { token: 'tok_abc' } }).start(), fakes, log };
}

const noCalls = (h: Harness) => expect(h.fakes.pending.size).toBe(0);

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ loading: true, open: false, locked: false });
    expect(h.fakes.pending.get('loadGift')?.input).toEqual({ token: 'tok_abc' });
  },
  missing: (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ missing: true, loadError: lifecycleMessages.giftNotFound });
    expect(s.can({ type: 'user.retry' })).toBe(false);
    noCalls(h);
  },
  failed: (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ failed: true, loadError: down.message });
    expect(s.can({ type: 'user.retry' })).toBe(true);
    noCalls(h);
  },
  locked: (s, h) => {
    // Before the reveal date: no song, no form.
    expect(connectGiftPage(s)).toMatchObject({ locked: true, open: false, thanksNote: null });
    expect(s.context.gift.song).toBeNull();
    expect(s.can({ type: 'user.submit' })).toBe(false);
    noCalls(h);
  },
  'ready.editing': (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ open: true, locked: false, sending: false, thanksNote: null });
    expect(s.context.gift.song).not.toBeNull();
    noCalls(h);
  },
  'ready.sending': (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ open: true, sending: true });
    expect(validateThanks(s.context.values)).toEqual({});
    expect(h.fakes.pending.get('sendThanks')?.input).toEqual({
      token: 'tok_abc',
      body: { name: s.context.values.name.trim(), message: s.context.values.message.trim() },
    });
  },
  'ready.thanked': (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({ thanksNote: lifecycleMessages.thanksSent, justThanked: true });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    noCalls(h);
  },
  'ready.alreadyThanked': (s, h) => {
    expect(connectGiftPage(s)).toMatchObject({
      open: true,
      thanksNote: lifecycleMessages.thanksAlreadySent,
      justThanked: false,
    });
    expect(s.can({ type: 'user.submit' })).toBe(false);
    noCalls(h);
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.error.actor.sendThanks') {
    const error = event.error as { status: number; message: string };
    // What was typed stays, whatever the answer.
    expect(after.context.values).toEqual(before.context.values);
    if (error.status === 422) expect(after.context.errors).toEqual(invalid.errors);
    expect(actions).toEqual(
      error.status === 503 ? [{ type: 'showErrorToast', params: { message: error.message } }] : [],
    );
  } else if (event.type === 'user.submit' && after.matches({ ready: 'editing' })) {
    expect(after.context.errors).toEqual(validateThanks(before.context.values));
    expect(actions).toEqual([]);
  } else if (event.type === 'field.changed' && before.can(event)) {
    expect(after.context.values[event.name as string]).toBe(event.value);
    expect(after.context.errors[event.name as string]).toBeUndefined();
    expect(actions).toEqual([]);
  } else expect(actions).toEqual([]);
}

describe('giftPageMachine: model-based paths', () => {
  // The messages shown do not change the flow; the values typed decide whether the note can be sent.
  const serializeState = (s: any) =>
    JSON.stringify([s.value, s.context.gift?.revealed ?? null, s.context.values, s.context.loadError]);
  const paths = getTransitionPaths(giftPageMachine, { input: { token: 'tok_abc' }, events, serializeState });
  it('takes every transition', () => expectAllTransitionsCovered(giftPageMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(giftPageMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(giftPageMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step, serializeState });
    });
  }
});

describe('giftPageMachine: rules', () => {
  it('asks for a name and a note before sending', async () => {
    const h = start();
    h.fakes.resolve('loadGift', gift);
    await flush();
    h.actor.send({ type: 'user.submit' });
    expect(h.actor.getSnapshot().context.errors).toEqual({
      name: ['Please enter your name'],
      message: ['Please write your note'],
    });
    expect(h.fakes.calls.filter((c) => c.src === 'sendThanks')).toEqual([]);
  });

  it('a revealed gift without its song stays locked', async () => {
    const h = start();
    h.fakes.resolve('loadGift', { ...gift, song: null });
    await flush();
    expect(connectGiftPage(h.actor.getSnapshot()).locked).toBe(true);
  });
});
