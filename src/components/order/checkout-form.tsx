import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { formatCalendarDay, formatPesos } from '../../../contracts/format';
import { chargeRuleText } from '../../../contracts/order';
import { LeavingForPayment, PaymentMethods } from '../checkout/payment-methods';
import { Button, buttonRecipe } from '../ui/button';
import { LoadFailed } from '../ui/load-failed';
import { useOrderOptions } from './options';
import { FieldError, FormAlert, FormSection, StepActions } from './order-page';
import { useOrderDraft } from './use-order-draft';

/** Step 5: the payment method (GET /options), the total, and Pay: the browser leaves for the provider's page. */
export function CheckoutForm() {
  const { view, send } = useOrderDraft();
  const { options, loading, failed, error, retry } = useOrderOptions();
  const methods = options?.payment_methods ?? [];
  // The draft machine keeps the choice; until one is made, the first method is the one shown chosen.
  const chosen = view.paymentMethod;
  const method = methods.some((m) => m.value === chosen) ? chosen : (methods[0]?.value ?? '');
  const paying = view.busyStep === 'checkout' || view.leaving;
  const methodError = view.errorOf('checkout', 'paymentMethod');

  if (view.leaving) {
    return <LeavingForPayment className={css({ fontSize: 'lg', py: '8' })} />;
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
            {chargeRuleText(view.price, view.savedPrices, view.addOns)}
          </p>
        ) : null}
      </FormSection>

      <FormSection title="Payment method">
        {loading ? <p role="status">Loading payment methods…</p> : null}
        {failed ? <LoadFailed message={error} onRetry={retry} /> : null}
        <PaymentMethods
          methods={methods}
          value={method}
          onValueChange={(value) => send({ type: 'checkout.methodChosen', paymentMethod: value })}
          labelHidden
          errorId={methodError ? 'checkout-method-error' : undefined}
        />
        <FieldError id="checkout-method-error" message={methodError} />
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
