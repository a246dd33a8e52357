import { createFileRoute } from '@tanstack/react-router';
import { StagePage } from '../components/artist/stage-page';

export const Route = createFileRoute('/artist/validation')({
  staticData: { pageTitle: 'For Validation Orders', name: 'artist.validation', authUser: 'artist', layout: 'artist' },
  component: function ArtistValidation() {
    return (
      <StagePage
        heading="Waiting for validation"
        empty="Nothing is waiting for validation. Recordings you upload are checked by our team here."
      />
    );
  },
});
