import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/ongoing')({
  staticData: { pageTitle: 'Ongoing Song Orders', name: 'artist.ongoing', authUser: 'artist', layout: 'artist' },
  component: function ArtistOngoing() {
    return (
      <StagePage
        heading="Ongoing orders"
        empty="No ongoing orders. Orders you accept appear here until you upload the recording."
      />
    );
  },
});
