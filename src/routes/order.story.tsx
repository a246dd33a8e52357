import { createFileRoute } from '@tanstack/react-router';
import { OrderStepPage } from '../components/order/order-page';
import { StoryForm } from '../components/order/story-form';
import { orderStepGuard } from './-order-guard';

export const Route = createFileRoute('/order/story')({
  staticData: { pageTitle: 'Order a song: the story', name: 'order.story', guestWelcome: true, layout: 'main' },
  beforeLoad: ({ context }) => orderStepGuard(context, 'story'),
  component: function OrderStoryPage() {
    return (
      <OrderStepPage
        step="story"
        title="Tell the story"
        lead="Share what the song should be about and the memories behind it. Voice notes help the artist get it right."
      >
        <StoryForm />
      </OrderStepPage>
    );
  },
});
