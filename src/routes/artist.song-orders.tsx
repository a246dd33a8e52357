import { createFileRoute } from '@tanstack/react-router';
import { OrderStagePage } from '../components/artist/orders/order-stage-page';

export const Route = createFileRoute('/artist/song-orders')({
  staticData: { pageTitle: 'Song Orders', name: 'artist.song-orders', authUser: 'artist', layout: 'artist' },
  component: function ArtistSongOrders() {
    return <OrderStagePage key="new" stage="new" />;
  },
});
