import type { ApiSuccess } from '../../contracts/http';
import type { Page } from '../../contracts/lifecycle';
import type { ArtistReview, ReviewAnswerBody } from '../../contracts/reviews';
import { call } from './call';
import type { Http } from './client';

/** The artist's reviews (artist area): their list and one public answer to each. */
export function artistReviewsApi(http: Http) {
  return {
    list: (cursor: string | null) =>
      call(
        async () =>
          (
            await http
              .get('reviews', { searchParams: cursor ? { cursor, limit: '5' } : { limit: '5' } })
              .json<ApiSuccess<Page<ArtistReview>>>()
          ).data,
      ),
    answer: (id: number, body: ReviewAnswerBody) =>
      call(async () => (await http.post(`reviews/${id}/answer`, { json: body }).json<ApiSuccess<ArtistReview>>()).data),
  };
}
