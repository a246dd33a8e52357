import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';

export const Route = createFileRoute('/customer/account/order-history')({
  staticData: { pageTitle: 'Order History', name: 'customer.account.order-history' },
  component: function CustomerOrderHistory() {
    return (
      <section aria-labelledby="order-history-heading">
        <h2 id="order-history-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Order History
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          You have not ordered a song yet. Your orders and their progress will show here.
        </p>
      </section>
    );
  },
});
