import { createFileRoute } from '@tanstack/react-router';
import { OrderStepPage } from '../components/order/order-page';
import { ReviewSummary } from '../components/order/review-summary';
import { orderStepGuard } from './-order-guard';

export const Route = createFileRoute('/order/review')({
  staticData: { pageTitle: 'Order a song: review', name: 'order.review', guestWelcome: true, layout: 'main' },
  beforeLoad: ({ context }) => orderStepGuard(context, 'review'),
  component: function OrderReviewPage() {
    return (
      <OrderStepPage step="review" title="Review your order" lead="Check everything before you place the order.">
        <ReviewSummary />
      </OrderStepPage>
    );
  },
});
