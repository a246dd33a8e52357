import { createFileRoute } from '@tanstack/react-router';
import { OrderStagePage } from '../components/artist/orders/order-stage-page';

export const Route = createFileRoute('/artist/revision')({
  staticData: { pageTitle: 'For Revision Orders', name: 'artist.revision', authUser: 'artist', layout: 'artist' },
  component: function ArtistRevision() {
    return <OrderStagePage key="revision" stage="revision" />;
  },
});
