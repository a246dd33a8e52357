import { createFileRoute } from '@tanstack/react-router';
import { OrderStagePage } from '../components/artist/orders/order-stage-page';

export const Route = createFileRoute('/artist/completed')({
  staticData: { pageTitle: 'Completed Orders', name: 'artist.completed', authUser: 'artist', layout: 'artist' },
  component: function ArtistCompleted() {
    return <OrderStagePage key="completed" stage="completed" />;
  },
});
