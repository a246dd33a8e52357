import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import type { paymentSummaryOf } from '../../../machines/pay-order.connect';
import { usePayOrder } from '../../actors/money';
import { SimplePage } from '../layout/simple-page';
import { Button, buttonRecipe } from '../ui/button';
import { LeavingForPayment, PaymentMethods } from './payment-methods';

/** /pay/{orderId}: pay an order that awaits payment, with the methods of GET /options. */
export function PayOrderPage({ orderId }: { orderId: number }) {
  const { view, send } = usePayOrder(orderId);
  const back = (
    <Link to="/customer/account/order-history" className={buttonRecipe({ color: 'secondary' })}>
      Back to your orders
    </Link>
  );
  if (view.loading) return <SimplePage title="Pay for your order" lead="Loading payment methods…" />;
  if (view.missing)
    return (
      <SimplePage title="Order not found" lead="This order was not found in your account.">
        {back}
      </SimplePage>
    );
  if (view.notPayable)
    return (
      <SimplePage
        title="Nothing to pay"
        lead={view.error ?? 'This order does not wait for payment: it was paid, cancelled or is on hold.'}
      >
        <Link
          to="/customer/account/orders/$id"
          params={{ id: String(orderId) }}
          className={`${buttonRecipe({ color: 'primary' })} ${css({ color: 'white!', textDecoration: 'none!' })}`}
        >
          See the order
        </Link>
      </SimplePage>
    );
  if (view.loadFailed)
    return (
      <SimplePage title="Pay for your order" lead={view.error ?? 'The payment methods could not be loaded.'}>
        <Button color="secondary" onClick={() => send({ type: 'user.retry' })}>
          Try again
        </Button>
      </SimplePage>
    );
  if (view.leaving)
    return (
      <SimplePage title="Pay for your order">
        <LeavingForPayment />
      </SimplePage>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'user.pay' });
  };
  return (
    <SimplePage title="Pay for your order" lead={view.orderReference ? `Order ${view.orderReference}` : undefined}>
      {view.summary ? <PaymentSummary summary={view.summary} /> : null}
      <form onSubmit={submit} noValidate aria-busy={view.busy} className={css({ display: 'grid', gap: '4' })}>
        {view.chargeRule ? (
          <p data-testid="charge-rule" className={css({ bg: 'brand.50', borderRadius: 'lg', p: '3' })}>
            {view.chargeRule}
          </p>
        ) : null}
        <PaymentMethods
          methods={view.methods}
          value={view.method}
          onValueChange={(value) => send({ type: 'method.changed', value })}
          errorId={view.error ? 'pay-error' : undefined}
        />
        {view.error ? (
          <p id="pay-error" role="alert" className={css({ color: 'red.700' })}>
            {view.error}
          </p>
        ) : null}
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          <Button type="submit" size="lg" loading={view.busy} disabled={!view.canPay}>
            Pay now
          </Button>
          {back}
        </div>
      </form>
    </SimplePage>
  );
}

/** What the customer is paying for, before they choose how: the amount, the order, the song and the artists offered. */
function PaymentSummary({ summary }: { summary: ReturnType<typeof paymentSummaryOf> }) {
  const row = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' });
  const term = css({ color: 'fg.muted' });
  const value = css({ fontWeight: 'semibold', color: 'gray.900', overflowWrap: 'anywhere', textAlign: 'end' });
  return (
    <section
      aria-labelledby="pay-summary"
      className={css({ bg: 'white', borderRadius: 'lg', boxShadow: 'sm', p: '4' })}
    >
      <h2 id="pay-summary" className={css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' })}>
        What you are paying for
      </h2>
      <dl data-testid="pay-summary" className={css({ display: 'grid', gap: '2' })}>
        <div className={row}>
          <dt className={term}>Amount</dt>
          <dd className={value}>{summary.amount}</dd>
        </div>
        <div className={row}>
          <dt className={term}>Order</dt>
          <dd className={value}>{summary.reference}</dd>
        </div>
        <div className={row}>
          <dt className={term}>Song</dt>
          <dd className={value}>{summary.song}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{summary.artists.length === 1 ? 'Artist offered' : 'Artists offered'}</dt>
          <dd className={value}>{summary.artists.join(', ')}</dd>
        </div>
      </dl>
    </section>
  );
}
