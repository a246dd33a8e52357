import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatDate } from '../../../contracts/format';
import { occasions } from '../../../contracts/order';
import type { ArtistReview, StarCount } from '../../../contracts/reviews';
import { Button } from '../ui/button';

const occasionLabel = (value: string) => occasions.find((o) => o.value === value)?.display ?? value;

/** How many ratings of each number of stars, as bars; a table underneath, so it reads as text too. */
export function StarDistribution({ counts }: { counts: StarCount[] }) {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return null;
  return (
    <table className={css({ borderCollapse: 'collapse', mb: '5', fontSize: 'sm', w: 'full', maxW: '24rem' })}>
      <caption className={css({ textAlign: 'left', fontWeight: 'semibold', mb: '2' })}>Ratings by stars</caption>
      <thead className={css({ srOnly: true })}>
        <tr>
          <th scope="col">Stars</th>
          <th scope="col">Share</th>
          <th scope="col">Ratings</th>
        </tr>
      </thead>
      <tbody>
        {counts.map(({ stars, count }) => (
          <tr key={stars}>
            <th scope="row" className={css({ textAlign: 'left', fontWeight: 'normal', pr: '3', whiteSpace: 'nowrap' })}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </th>
            <td className={css({ w: 'full', py: '1' })}>
              <div aria-hidden="true" className={css({ h: '2.5', bg: 'bg.subtle', borderRadius: 'full' })}>
                <div
                  className={css({ h: 'full', bg: 'yellow.500', borderRadius: 'full' })}
                  style={{ width: `${Math.round((count / total) * 100)}%` }}
                />
              </div>
            </td>
            <td className={css({ pl: '3', textAlign: 'right', fontVariantNumeric: 'tabular-nums' })}>{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One review: the stars, the occasion and the date, the text, who wrote it, and the artist's answer. */
export function ReviewItem({
  review,
  artistName,
  children,
}: {
  review: ArtistReview;
  artistName: string;
  /** Under the review: the artist's answer control in their own list. */
  children?: ReactNode;
}) {
  return (
    <article
      aria-label={`Review by ${review.customer_first_name}`}
      className={css({ p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg' })}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'baseline' })}>
        {/* One person's stars, not an average: whole stars, and no count. */}
        <span role="img" aria-label={`${review.rating} out of 5 stars`} className={css({ fontSize: 'sm' })}>
          <span aria-hidden="true" className={css({ color: 'yellow.500', letterSpacing: '0.1em' })}>
            {'★'.repeat(review.rating)}
          </span>
          <span aria-hidden="true" className={css({ color: 'fg.muted', letterSpacing: '0.1em' })}>
            {'☆'.repeat(Math.max(0, 5 - review.rating))}
          </span>
        </span>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {occasionLabel(review.occasion)} song ·{' '}
          <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
        </span>
      </div>
      {review.review ? <p className={css({ mt: '2', whiteSpace: 'pre-line' })}>{review.review}</p> : null}
      <p className={css({ mt: '1', color: 'fg.muted', fontSize: 'sm' })}>— {review.customer_first_name}</p>
      {review.answer ? (
        <div className={css({ mt: '3', ml: '4', pl: '3', borderLeftWidth: '3px', borderColor: 'brand.200' })}>
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
            {artistName} answered · <time dateTime={review.answer.at}>{formatDate(review.answer.at)}</time>
          </p>
          <p className={css({ mt: '1', whiteSpace: 'pre-line' })}>{review.answer.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}

/** "More reviews" under a list the server pages. */
export function MoreReviews({
  hasMore,
  loadingMore,
  error,
  onMore,
}: {
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  onMore: () => void;
}) {
  if (!hasMore && !loadingMore) return null;
  return (
    <div className={css({ mt: '4' })}>
      {error ? (
        <p role="alert" className={css({ color: 'danger.fg', mb: '2' })}>
          {error}
        </p>
      ) : null}
      <Button color="secondary" loading={loadingMore} onClick={onMore}>
        More reviews
      </Button>
    </div>
  );
}
