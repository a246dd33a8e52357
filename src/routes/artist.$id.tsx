import { createFileRoute, Link } from '@tanstack/react-router';
import { SimplePage } from '../components/layout/simple-page';

export const Route = createFileRoute('/artist/$id')({
  staticData: { pageTitle: 'Artist', name: 'artist.view' },
  component: function ArtistView() {
    return (
      <SimplePage title="Artist" lead="This artist's profile, samples and reviews.">
        <Link to="/artists">Back to all artists</Link>
      </SimplePage>
    );
  },
});
