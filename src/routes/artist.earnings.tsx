import { createFileRoute } from '@tanstack/react-router';
import { EarningsPage } from '../components/artist/earnings/earnings-page';

export const Route = createFileRoute('/artist/earnings')({
  staticData: { pageTitle: 'Earnings', name: 'artist.earnings', authUser: 'artist', layout: 'artist' },
  component: EarningsPage,
});
