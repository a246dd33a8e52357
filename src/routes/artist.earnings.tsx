import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/earnings')({
  staticData: { pageTitle: 'Earnings', name: 'artist.earnings', authUser: 'artist', layout: 'artist' },
  component: function ArtistEarnings() {
    return (
      <StagePage heading="Earnings" empty="You have no earnings yet. Each completed order adds its earning here." />
    );
  },
});
