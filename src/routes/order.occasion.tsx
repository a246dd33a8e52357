import { createFileRoute } from '@tanstack/react-router';
import { ContinueOrder } from '../components/order/continue-order';
import { OccasionForm } from '../components/order/occasion-form';
import { OrderStepPage } from '../components/order/order-page';
import { orderStepGuard } from './-order-guard';

export const Route = createFileRoute('/order/occasion')({
  staticData: { pageTitle: 'Order a song: the occasion', name: 'order.occasion', guestWelcome: true, layout: 'main' },
  beforeLoad: ({ context }) => orderStepGuard(context, 'occasion'),
  component: function OrderOccasionPage() {
    return (
      <OrderStepPage
        step="occasion"
        title="Tell us about the occasion"
        lead="Who is the song for, and what are you celebrating? The artist will use it to write your song."
      >
        <ContinueOrder />
        <OccasionForm />
      </OrderStepPage>
    );
  },
});
