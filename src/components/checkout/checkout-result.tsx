import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { CheckoutPage } from '../../../machines/payment-result.machine';
import { usePaymentResult } from '../../actors/money';
import { SimplePage } from '../layout/simple-page';
import { Button, buttonRecipe } from '../ui/button';

// SimplePage colours its links as text links: a primary button link keeps its own colours.
const primaryLink = `${buttonRecipe({ color: 'primary' })} ${css({ color: 'white!', textDecoration: 'none!' })}`;
const secondaryLink = buttonRecipe({ color: 'secondary' });

/**
 * /checkout/{page}: what the server says about the order's payment (the address only names the
 * order). "Confirming your payment" while the provider's postback has not landed yet.
 */
export function CheckoutResult({ page, orderId }: { page: CheckoutPage; orderId: number | null }) {
  const { view, send } = usePaymentResult(orderId, page);
  return (
    <SimplePage title={view.title} lead={view.lead}>
      <div role="status" aria-live="polite" data-testid="payment-result" data-state={view.state}>
        {view.confirming ? (
          <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold' })}>
            <span
              aria-hidden="true"
              className={css({
                w: '4',
                h: '4',
                borderRadius: 'full',
                borderWidth: '2px',
                borderColor: 'brand.600',
                borderTopColor: 'transparent',
                animation: 'spin 1s linear infinite',
              })}
            />
            Confirming your payment…
          </p>
        ) : null}
        {view.paid && view.reference ? (
          <p>
            Payment reference: <strong data-testid="payment-ref">{view.reference}</strong>
          </p>
        ) : null}
      </div>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        {view.payOrderId !== null ? (
          <Link to="/pay/$orderId" params={{ orderId: String(view.payOrderId) }} className={primaryLink}>
            Pay now
          </Link>
        ) : null}
        {view.canRetry ? (
          <Button color="secondary" onClick={() => send({ type: 'user.retry' })}>
            Check again
          </Button>
        ) : null}
        {view.orderId !== null ? (
          <Link
            to="/customer/account/orders/$id"
            params={{ id: String(view.orderId) }}
            className={view.payOrderId === null ? primaryLink : secondaryLink}
          >
            See the order
          </Link>
        ) : (
          <Link to="/customer/account/order-history" className={primaryLink}>
            See my orders
          </Link>
        )}
        <Link to="/customer/account/payment-history" className={secondaryLink}>
          Payment history
        </Link>
      </div>
    </SimplePage>
  );
}
