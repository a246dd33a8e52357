import { css } from 'styled-system/css';
import { countOf } from '../../../../contracts/format';
import type { CustomerOrderView } from '../../../../machines/customer-order.connect';
import type { CustomerOrderSend } from '../../../actors/use-customer-order';
import { TextAreaField } from '../../artist-application/text-area-field';
import { Button } from '../../ui/button';
import { sectionClass, sectionHeading } from './order-facts';

const stars = [1, 2, 3, 4, 5] as const;

const starLabel = css({
  cursor: 'pointer',
  fontSize: '3xl',
  lineHeight: '1',
  color: 'gray.300',
  px: '0.5',
  borderRadius: 'md',
  '&[data-lit]': { color: 'yellow.500' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.400' },
});

/** Rate 1–5 stars (a radio group: arrow keys move between stars) with an optional review. */
export function RateForm({ view, send }: { view: CustomerOrderView; send: CustomerOrderSend }) {
  const errors = view.errorsOf('rate');
  const chosen = Number(view.drafts.rate.rating) || 0;
  const busy = view.pending === 'rate';
  return (
    <section aria-labelledby="rate-heading" className={sectionClass}>
      <h3 id="rate-heading" className={sectionHeading}>
        Rate the song
      </h3>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'user.submit', action: 'rate' });
        }}
      >
        <div className={css({ mb: '4' })}>
          <p id="rating-label" className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>
            Your rating
          </p>
          <div
            role="radiogroup"
            aria-labelledby="rating-label"
            aria-describedby={errors.rating ? 'rating-error' : undefined}
            aria-invalid={errors.rating ? true : undefined}
            className={css({ display: 'flex', gap: '1' })}
          >
            {stars.map((n) => (
              <label key={n} className={starLabel} data-lit={n <= chosen ? '' : undefined}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={chosen === n}
                  disabled={busy}
                  className={css({ srOnly: true })}
                  onChange={() => send({ type: 'field.changed', action: 'rate', name: 'rating', value: String(n) })}
                />
                <span aria-hidden="true">★</span>
                <span className={css({ srOnly: true })}>{countOf(n, 'star')}</span>
              </label>
            ))}
          </div>
          {errors.rating ? (
            <p id="rating-error" role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
              {errors.rating[0]}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label="Review (optional)"
          value={view.drafts.rate.review}
          errors={errors.review}
          maxLength={2000}
          disabled={busy}
          onValueChange={(value) => send({ type: 'field.changed', action: 'rate', name: 'review', value })}
        />
        <Button type="submit" loading={busy} disabled={view.busy}>
          Send rating
        </Button>
      </form>
    </section>
  );
}

/** The rating the customer gave. */
export function GivenRating({ rating, review }: { rating: number; review: string | null }) {
  return (
    <section aria-labelledby="rating-heading" className={sectionClass}>
      <h3 id="rating-heading" className={sectionHeading}>
        Your rating
      </h3>
      <p>
        <span aria-hidden="true" className={css({ color: 'yellow.500', fontSize: 'xl' })}>
          {'★'.repeat(rating)}
          <span className={css({ color: 'gray.300' })}>{'★'.repeat(5 - rating)}</span>
        </span>
        <span className={css({ srOnly: true })}>{rating} out of 5 stars</span>
      </p>
      {review ? <p className={css({ mt: '2', whiteSpace: 'pre-line' })}>{review}</p> : null}
    </section>
  );
}
