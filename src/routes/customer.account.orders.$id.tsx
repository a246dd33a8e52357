import { createFileRoute } from '@tanstack/react-router';
import { CustomerOrderPage } from '../components/account/order-detail/customer-order-page';

export const Route = createFileRoute('/customer/account/orders/$id')({
  staticData: { pageTitle: 'Order', name: 'customer.account.order', authUser: 'user', layout: 'main' },
  component: CustomerOrder,
});

function CustomerOrder() {
  const { id } = Route.useParams();
  // A malformed id is an order that does not exist: the page's "not found" (the server answers 404).
  const orderId = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  // Keyed by id: another order is a fresh page, not this one's state.
  return <CustomerOrderPage key={orderId} orderId={orderId} />;
}
