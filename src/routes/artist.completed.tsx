import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/completed')({
  staticData: { pageTitle: 'Completed Orders', name: 'artist.completed', authUser: 'artist', layout: 'artist' },
  component: function ArtistCompleted() {
    return <StagePage heading="Completed orders" empty="No completed orders yet." />;
  },
});
