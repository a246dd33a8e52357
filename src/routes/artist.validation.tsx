import { createFileRoute } from '@tanstack/react-router';
import { OrderStagePage } from '../components/artist/orders/order-stage-page';

export const Route = createFileRoute('/artist/validation')({
  staticData: { pageTitle: 'For Validation Orders', name: 'artist.validation', authUser: 'artist', layout: 'artist' },
  component: function ArtistValidation() {
    return <OrderStagePage key="validation" stage="validation" />;
  },
});
