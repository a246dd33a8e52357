import { createFileRoute } from '@tanstack/react-router';
import { OrderStagePage } from '../components/artist/orders/order-stage-page';

export const Route = createFileRoute('/artist/ongoing')({
  staticData: { pageTitle: 'Ongoing Song Orders', name: 'artist.ongoing', authUser: 'artist', layout: 'artist' },
  component: function ArtistOngoing() {
    return <OrderStagePage key="ongoing" stage="ongoing" />;
  },
});
