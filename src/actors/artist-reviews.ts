import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ArtistReview } from '../../contracts/reviews';
import { reviewAnswerMachine } from '../../machines/review-answer.machine';
import { artistReviewsApi } from '../api/artist-reviews.api';
import { useAppActors } from './hooks';
import { usePagedList } from './paged-list';

/** The artist's own reviews on the dashboard, newest first, a page at a time. */
export function useArtistReviews() {
  const { api } = useAppActors();
  return usePagedList<ArtistReview>((_, cursor) => artistReviewsApi(api.for('artist')).list(cursor));
}

/** The answer form under one review; `onAnswered` reloads the list so the published answer shows. */
export function useReviewAnswer(reviewId: number, onAnswered: () => void) {
  const { api } = useAppActors();
  const machine = useMemo(
    () =>
      reviewAnswerMachine.provide({
        actors: {
          saveAnswer: fromPromise(({ input }) =>
            artistReviewsApi(api.for('artist')).answer(input.reviewId, { answer: input.answer }),
          ),
        },
        actions: { refreshList: () => onAnswered() },
      }),
    [api, onAnswered],
  );
  const actor = useActorRef(machine, { input: { reviewId } });
  const view = useSelector(actor, (s) => ({
    open: !s.matches('closed'),
    done: s.matches('answered'),
    busy: s.hasTag('busy'),
    text: s.context.text,
    error: s.context.error,
  }));
  return { ...view, send: actor.send };
}
