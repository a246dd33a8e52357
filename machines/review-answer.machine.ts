// The artist answers one of their reviews, once and publicly (artist dashboard, "Your reviews"): the
// form opens under the review, the answer is checked, sent, and then shown as published.
import { assign, fromPromise, setup } from 'xstate';
import { type ArtistReview, REVIEW_ANSWER_MAX, reviewMessages } from '../contracts/reviews';
import { notProvided, readFailure } from './api-error';

export interface ReviewAnswerContext {
  reviewId: number;
  text: string;
  /** Why the answer was not published: under the field. */
  error: string | null;
  /** The review with its answer, once published. */
  answered: ArtistReview | null;
}

export type ReviewAnswerEvent =
  | { type: 'user.open' }
  | { type: 'user.type'; text: string }
  | { type: 'user.submit' }
  | { type: 'user.cancel' };

export const reviewAnswerMachine = setup({
  types: {
    context: {} as ReviewAnswerContext,
    events: {} as ReviewAnswerEvent,
    input: {} as { reviewId: number },
    tags: {} as 'busy',
  },
  actors: {
    saveAnswer: fromPromise<ArtistReview, { reviewId: number; answer: string }>(notProvided('saveAnswer')),
  },
  guards: {
    isBlank: ({ context }) => context.text.trim() === '',
    isTooLong: ({ context }) => context.text.trim().length > REVIEW_ANSWER_MAX,
    /** 409: the review was answered already (another tab): the page shows what was published. */
    wasAnswered: ({ event }) => readFailure((event as unknown as { error: unknown }).error).status === 409,
  },
  actions: {
    setText: assign(({ event }) => (event.type === 'user.type' ? { text: event.text, error: null } : {})),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    setFailure: assign(({ event }) => {
      const failure = readFailure((event as unknown as { error: unknown }).error);
      return { error: failure.errors?.answer?.[0] ?? failure.message };
    }),
    setAnswered: assign(({ event }) => ({ answered: (event as unknown as { output: ArtistReview }).output })),
    // Supplied by the page: the list reloads to show the published answer.
    refreshList: () => {},
  },
}).createMachine({
  id: 'reviewAnswer',
  context: ({ input }) => ({ reviewId: input.reviewId, text: '', error: null, answered: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The review shows an "Answer" button; no answer has been written here.',
      on: { 'user.open': { target: 'editing', description: 'The artist chooses to answer the review.' } },
    },
    editing: {
      description: 'The artist writes the answer under the review.',
      on: {
        'user.type': { actions: 'setText', description: 'The artist types; an earlier error clears.' },
        'user.cancel': { target: 'closed', description: 'The artist decides not to answer now.' },
        'user.submit': [
          {
            guard: 'isBlank',
            actions: { type: 'setError', params: { message: reviewMessages.answerRequired } },
            description: 'An empty answer is not sent: the artist is asked to write one.',
          },
          {
            guard: 'isTooLong',
            actions: { type: 'setError', params: { message: reviewMessages.answerTooLong } },
            description: 'An answer over the limit is not sent: the artist is asked to shorten it.',
          },
          { target: 'sending', description: 'The artist publishes the answer.' },
        ],
      },
    },
    sending: {
      description: 'The answer is being published.',
      tags: ['busy'],
      invoke: {
        id: 'saveAnswer',
        src: 'saveAnswer',
        input: ({ context }) => ({ reviewId: context.reviewId, answer: context.text.trim() }),
        onDone: {
          target: 'answered',
          actions: ['setAnswered', 'refreshList'],
          description: 'The answer is published under the review for everyone to read.',
        },
        onError: [
          {
            guard: 'wasAnswered',
            target: 'answered',
            actions: ['setFailure', 'refreshList'],
            description: 'The review was already answered (from another tab): the published answer is shown.',
          },
          {
            target: 'editing',
            actions: 'setFailure',
            description: 'The answer could not be published: the artist sees why and can try again.',
          },
        ],
      },
    },
    answered: {
      description: 'The review has its one public answer; it cannot be answered again.',
      type: 'final',
    },
  },
});
