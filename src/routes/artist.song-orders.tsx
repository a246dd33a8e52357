import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/song-orders')({
  staticData: { pageTitle: 'Song Orders', name: 'artist.song-orders', authUser: 'artist', layout: 'artist' },
  component: function ArtistSongOrders() {
    return (
      <StagePage
        heading="New song orders"
        empty="No new song orders right now. Offers from customers appear here while you are online."
      />
    );
  },
});
