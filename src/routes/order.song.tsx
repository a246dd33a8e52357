import { createFileRoute } from '@tanstack/react-router';
import { OrderStepPage } from '../components/order/order-page';
import { SongForm } from '../components/order/song-form';
import { orderStepGuard } from './-order-guard';

export const Route = createFileRoute('/order/song')({
  staticData: { pageTitle: 'Order a song: artists and style', name: 'order.song', guestWelcome: true, layout: 'main' },
  beforeLoad: ({ context }) => orderStepGuard(context, 'song'),
  component: function OrderSongPage() {
    return (
      <OrderStepPage
        step="song"
        title="Choose your artists and the sound"
        lead="Pick up to three artists. Each gets your request, and the first to accept writes your song."
      >
        <SongForm />
      </OrderStepPage>
    );
  },
});
