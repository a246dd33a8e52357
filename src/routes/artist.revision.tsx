import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/revision')({
  staticData: { pageTitle: 'For Revision Orders', name: 'artist.revision', authUser: 'artist', layout: 'artist' },
  component: function ArtistRevision() {
    return <StagePage heading="Revisions requested" empty="No revisions requested." />;
  },
});
