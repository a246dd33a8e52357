import { useId } from 'react';
import { css } from 'styled-system/css';
import { type ArtistReview, REVIEW_ANSWER_MAX } from '../../../contracts/reviews';
import { useArtistReviews, useReviewAnswer } from '../../actors/artist-reviews';
import { MoreReviews, ReviewItem } from '../catalog/reviews';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';

/** "Your reviews" on the dashboard: what customers wrote, and an answer to each, once and publicly. */
export function ArtistReviews() {
  const reviews = useArtistReviews();
  return (
    <section
      aria-labelledby="reviews-title"
      className={css({
        bg: 'white',
        p: '5',
        boxShadow: 'sm',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'xl',
      })}
    >
      <h3 id="reviews-title" className={css({ fontWeight: 'bold', mb: '1' })}>
        Your reviews
      </h3>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '4' })}>
        You may answer each review once. Your answer is shown under the review on your public page.
      </p>
      {reviews.failed ? (
        <div role="alert">
          <p>{reviews.error}</p>
          <Button color="secondary" size="sm" onClick={reviews.retry}>
            Try again
          </Button>
        </div>
      ) : reviews.empty ? (
        <p className={css({ color: 'fg.muted' })}>No reviews yet.</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '4' })}>
          {reviews.items.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} artistName="You">
                {review.answer ? null : <AnswerForm review={review} onAnswered={reviews.refresh} />}
              </ReviewItem>
            </li>
          ))}
        </ul>
      )}
      <MoreReviews
        hasMore={reviews.hasMore}
        loadingMore={reviews.loadingMore}
        error={reviews.moreError}
        onMore={reviews.loadMore}
      />
    </section>
  );
}

function AnswerForm({ review, onAnswered }: { review: ArtistReview; onAnswered: () => void }) {
  const form = useReviewAnswer(review.id, onAnswered);
  const id = useId();
  if (form.done) return null;
  if (!form.open)
    return (
      <Button
        size="sm"
        color="secondary"
        className={css({ mt: '3' })}
        aria-label={`Answer ${review.customer_first_name}'s review`}
        onClick={() => form.send({ type: 'user.open' })}
      >
        Answer
      </Button>
    );
  return (
    <form
      className={css({ mt: '3' })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'user.submit' });
      }}
    >
      <label htmlFor={id} className={css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>
        Your answer to {review.customer_first_name}
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the artist just asked to write the answer
        autoFocus
        rows={3}
        maxLength={REVIEW_ANSWER_MAX + 100}
        className={`${inputClass} ${css({ h: 'auto', py: '2' })}`}
        value={form.text}
        aria-invalid={form.error ? true : undefined}
        aria-describedby={form.error ? `${id}-error` : undefined}
        onChange={(e) => form.send({ type: 'user.type', text: e.target.value })}
      />
      {form.error ? (
        <p id={`${id}-error`} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
          {form.error}
        </p>
      ) : null}
      <div className={css({ display: 'flex', gap: '2', mt: '2' })}>
        <Button type="submit" size="sm" loading={form.busy}>
          Publish answer
        </Button>
        <Button type="button" size="sm" color="text" onClick={() => form.send({ type: 'user.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
