import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';

export const Route = createFileRoute('/customer/account/payment-history')({
  staticData: { pageTitle: 'Payment History', name: 'customer.account.payment-history' },
  component: function CustomerPaymentHistory() {
    return (
      <section aria-labelledby="payment-history-heading">
        <h2 id="payment-history-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Payment History
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          You have no payments yet. Each payment for an order will show here with its reference.
        </p>
      </section>
    );
  },
});
