import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ArtistReview } from '../../contracts/reviews';
import { REVIEW_ANSWER_MAX, reviewMessages } from '../../contracts/reviews';
import { reviewAnswerMachine } from '../../machines/review-answer.machine';
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
  types,
} from './model';

// An artist answers a review once, publicly. Paths are generated from the machine; each state and
// step is checked against what the flow must do.

const published: ArtistReview = {
  id: 7,
  rating: 5,
  review: 'Beautiful',
  customer_first_name: 'Maria',
  occasion: 'birthday',
  created_at: '2030-01-01T00:00:00.000Z',
  answer: { text: 'Thank you!', at: '2030-01-02T00:00:00.000Z' },
};

const events = [
  { type: 'user.open' },
  { type: 'user.type', text: 'Thank you!' },
  { type: 'user.type', text: '   ' },
  { type: 'user.type', text: 'x'.repeat(REVIEW_ANSWER_MAX + 1) },
  { type: 'user.submit' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.saveAnswer', output: published },
  {
    type: 'xstate.error.actor.saveAnswer',
    error: { status: 409, message: reviewMessages.alreadyAnswered },
  },
  {
    type: 'xstate.error.actor.saveAnswer',
    error: { status: 422, message: 'Check', errors: { answer: [reviewMessages.answerTooLong] } },
  },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = reviewAnswerMachine.provide({
    actors: { saveAnswer: fakes.actor('saveAnswer') },
    actions: recordingActions(['refreshList'], log),
  });
  return { actor: createActor(machine, { input: { reviewId: 7 } }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  closed: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(s.can({ type: 'user.submit' })).toBe(false);
  },
  editing: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(s.hasTag('busy')).toBe(false);
  },
  sending: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // Only a real answer of a sensible length leaves, trimmed.
    expect(h.fakes.pending.get('saveAnswer')?.input).toEqual({ reviewId: 7, answer: s.context.text.trim() });
    expect(s.context.text.trim()).not.toBe('');
    expect(s.context.text.trim().length).toBeLessThanOrEqual(REVIEW_ANSWER_MAX);
  },
  answered: (s) => {
    expect(s.status).toBe('done');
    expect(s.can({ type: 'user.open' })).toBe(false);
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>) {
  if (event.type.startsWith('xstate.done.actor')) {
    expect(types(actions)).toEqual(['refreshList']);
    expect(after.context.answered).toEqual(published);
  } else if (event.type.startsWith('xstate.error.actor')) {
    const status = (event as unknown as { error: { status: number } }).error.status;
    expect(types(actions)).toEqual(status === 409 ? ['refreshList'] : []);
    expect(after.context.error).toBe(status === 409 ? reviewMessages.alreadyAnswered : reviewMessages.answerTooLong);
  } else if (event.type === 'user.submit' && before.matches('editing') && after.matches('editing')) {
    expect(after.context.error).toBe(
      before.context.text.trim() === '' ? reviewMessages.answerRequired : reviewMessages.answerTooLong,
    );
  } else expect(actions).toEqual([]);
}

describe('reviewAnswerMachine: model-based paths', () => {
  const paths = getTransitionPaths(reviewAnswerMachine, { events, input: { reviewId: 7 } } as never);
  it('takes every transition', () => expectAllTransitionsCovered(reviewAnswerMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(reviewAnswerMachine, paths));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(reviewAnswerMachine).sort());
    for (const key of leafStateKeys(reviewAnswerMachine))
      expect(reviewAnswerMachine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of paths) it(describePath(path), async () => runPath(path, start, { states, step }));
});

describe('reviewAnswerMachine: rules', () => {
  it('typing clears the error shown under the field', () => {
    const h = start();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.submit' });
    expect(h.actor.getSnapshot().context.error).toBe(reviewMessages.answerRequired);
    h.actor.send({ type: 'user.type', text: 'T' });
    expect(h.actor.getSnapshot().context.error).toBeNull();
  });
});
