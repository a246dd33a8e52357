import { createFileRoute } from '@tanstack/react-router';
import { PayOrderPage } from '../components/checkout/pay-order-page';

export const Route = createFileRoute('/pay/$orderId')({
  staticData: { pageTitle: 'Pay for your order', name: 'order.pay', authUser: 'user' },
  component: PayOrderRoute,
});

function PayOrderRoute() {
  const { orderId } = Route.useParams();
  // A malformed id is an order that does not exist (the server answers 404).
  const id = /^\d{1,9}$/.test(orderId) ? Number(orderId) : 0;
  return <PayOrderPage key={id} orderId={id} />;
}
