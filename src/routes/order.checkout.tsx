import { createFileRoute } from '@tanstack/react-router';
import { CheckoutForm } from '../components/order/checkout-form';
import { OrderStepPage } from '../components/order/order-page';
import { orderStepGuard } from './-order-guard';

export const Route = createFileRoute('/order/checkout')({
  staticData: { pageTitle: 'Order a song: checkout', name: 'order.checkout', authUser: 'user', layout: 'main' },
  beforeLoad: ({ context }) => orderStepGuard(context, 'checkout'),
  component: function OrderCheckoutPage() {
    return (
      <OrderStepPage
        step="checkout"
        title="Checkout"
        lead="Choose how to pay. Your song is offered to the artists once the payment is confirmed."
      >
        <CheckoutForm />
      </OrderStepPage>
    );
  },
});
