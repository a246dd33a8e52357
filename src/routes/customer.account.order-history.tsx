import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderHistory } from '../components/account/order-history-page';

export const Route = createFileRoute('/customer/account/order-history')({
  staticData: { pageTitle: 'Order History', name: 'customer.account.order-history' },
  // docs/product.md §4: notifications link here with ?transaction=OR… to focus one order.
  // A malformed reference is ignored (all orders show), never an error page.
  validateSearch: v.object({ transaction: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^OR\d+$/))), undefined) }),
  component: OrderHistoryRoute,
});

function OrderHistoryRoute() {
  const { transaction } = Route.useSearch();
  // A new address (a focused order, or all of them) starts a new list.
  return <OrderHistory key={transaction ?? 'all'} transaction={transaction} />;
}
