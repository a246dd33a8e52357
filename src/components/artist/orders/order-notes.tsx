import { css } from 'styled-system/css';
import { formatDate } from '../../../../contracts/format';
import type { ArtistOrder } from '../../../../contracts/lifecycle';

const box = css({ mt: '3', p: '3', borderRadius: 'md', borderLeftWidth: '4px', fontSize: 'sm' });

/** What to change: the admin's notes or the customer's feedback (the latest word). */
export function OrderFeedback({ feedback }: { feedback: NonNullable<ArtistOrder['feedback']> }) {
  const from = feedback.from === 'admin' ? 'Notes from our team' : 'Feedback from the customer';
  return (
    <section aria-label="What to change" className={`${box} ${css({ bg: 'yellow.50', borderColor: 'yellow.500' })}`}>
      <h4 className={css({ fontWeight: 'semibold' })}>
        {from} <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>· {formatDate(feedback.at)}</span>
      </h4>
      <p className={css({ whiteSpace: 'pre-line', mt: '1' })}>{feedback.text}</p>
    </section>
  );
}

/** The stars as text for every reader: "Rated 4 out of 5". */
function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={css({ color: 'yellow.600', fontSize: 'lg' })}>
      {'★'.repeat(rating)}
      <span className={css({ color: 'gray.300' })}>{'★'.repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}

/** How the song was received: the customer's rating and review, and the recipient's thank-you note. */
export function OrderOutcome({ order }: { order: ArtistOrder }) {
  return (
    <section aria-label="How it was received" className={`${box} ${css({ bg: 'brand.50', borderColor: 'brand.500' })}`}>
      {order.rating !== null ? (
        <div>
          <h4 className={css({ fontWeight: 'semibold' })}>The customer's rating</h4>
          <Stars rating={order.rating} />
          {order.review ? (
            <blockquote className={css({ whiteSpace: 'pre-line', mt: '1', fontStyle: 'italic' })}>
              “{order.review}”
            </blockquote>
          ) : null}
        </div>
      ) : (
        <p className={css({ color: 'fg.muted' })}>The customer has not rated the song yet.</p>
      )}
      {order.thanks ? (
        <div className={css({ mt: '3' })}>
          <h4 className={css({ fontWeight: 'semibold' })}>
            A thank-you note from {order.thanks.name}{' '}
            <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>· {formatDate(order.thanks.at)}</span>
          </h4>
          <blockquote className={css({ whiteSpace: 'pre-line', mt: '1' })}>“{order.thanks.message}”</blockquote>
        </div>
      ) : null}
    </section>
  );
}
