import { RadioGroup } from '@ark-ui/react/radio-group';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { formatCalendarDay, formatPesos } from '../../../contracts/format';
import { chargeRuleText } from '../../../contracts/order';
import { Button, buttonRecipe } from '../ui/button';
import { LoadFailed } from '../ui/load-failed';
import { useOrderOptions } from './options';
import { FieldError, FormAlert, FormSection, StepActions } from './order-page';
import { useOrderDraft } from './use-order-draft';

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  cursor: 'pointer',
  bg: 'white',
  _checked: { borderColor: 'brand.600', bg: 'brand.50' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
});
const controlClass = css({
  w: '5',
  h: '5',
  flexShrink: 0,
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'gray.400',
  _checked: { borderColor: 'brand.700', boxShadow: 'inset 0 0 0 4px white', bg: 'brand.700' },
});

/** Step 5: the payment method (GET /options), the total, and Pay: the browser leaves for the provider's page. */
export function CheckoutForm() {
  const { view, send } = useOrderDraft();
  const { options, loading, failed, error, retry } = useOrderOptions();
  const methods = options?.payment_methods ?? [];
  // The draft machine keeps the choice; until one is made, the first method is the one shown chosen.
  const chosen = view.paymentMethod;
  const method = methods.some((m) => m.value === chosen) ? chosen : (methods[0]?.value ?? '');
  const paying = view.busyStep === 'checkout' || view.leaving;

  if (view.leaving) {
    return (
      <p role="status" className={css({ fontSize: 'lg', py: '8' })}>
        Taking you to the payment page…
      </p>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (method) send({ type: 'checkout.pay', paymentMethod: method });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={paying}>
      <FormSection title="Your order">
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            gap: '2',
            columnGap: '6',
            '& dt': { color: 'fg.muted' },
            '& dd': { fontWeight: 'semibold', textAlign: 'right' },
          })}
        >
          {view.order?.reference ? (
            <>
              <dt>Order</dt>
              <dd data-testid="order-reference">{view.order.reference}</dd>
            </>
          ) : null}
          <dt>Song for</dt>
          <dd>{view.forms.occasion.recipient_first_name}</dd>
          <dt>Needed by</dt>
          <dd>{formatCalendarDay(view.forms.song.needed_by)}</dd>
          <dt className={css({ fontSize: 'lg' })}>Total</dt>
          <dd className={css({ fontSize: '2xl' })} data-testid="order-total">
            {view.price !== null ? formatPesos(view.price) : '—'}
          </dd>
        </dl>
        {view.price !== null ? (
          <p data-testid="charge-rule" className={css({ fontSize: 'sm', mt: '3' })}>
            {chargeRuleText(
              view.price,
              view.savedArtists.map((a) => a.rate),
            )}
          </p>
        ) : null}
      </FormSection>

      <FormSection title="Payment method">
        {loading ? <p role="status">Loading payment methods…</p> : null}
        {failed ? <LoadFailed message={error} onRetry={retry} /> : null}
        <RadioGroup.Root
          value={method}
          onValueChange={(d) => d.value && send({ type: 'checkout.methodChosen', paymentMethod: d.value })}
          className={css({ display: 'grid', gap: '2' })}
        >
          <RadioGroup.Label className={css({ srOnly: true })}>Payment method</RadioGroup.Label>
          {methods.map((m) => (
            <RadioGroup.Item key={m.value} value={m.value} className={itemClass}>
              <RadioGroup.ItemControl className={controlClass} />
              <RadioGroup.ItemText>{m.display}</RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <FieldError message={view.errorOf('checkout', 'paymentMethod')} />
      </FormSection>

      <FormAlert messages={view.otherErrorsOf('checkout')} />
      <StepActions>
        <Link to="/order/review" className={buttonRecipe({ color: 'text' })}>
          ← Back to review
        </Link>
        <Button type="submit" size="lg" loading={paying} disabled={!method || !view.canPay(method)}>
          {view.leaving
            ? 'Taking you to the payment page…'
            : paying
              ? 'Starting the payment…'
              : `Pay ${view.price !== null ? formatPesos(view.price) : ''}`.trim()}
        </Button>
      </StepActions>
    </form>
  );
}
