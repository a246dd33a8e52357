import { createFileRoute, Link } from '@tanstack/react-router';
import { SimplePage } from '../components/layout/simple-page';

export const Route = createFileRoute('/artist/application')({
  staticData: { pageTitle: 'Artist Application', name: 'artist.application', guestOnly: true },
  component: function ArtistApplication() {
    return (
      <SimplePage
        title="Become a Labsongs artist"
        lead="Write and record personalised songs for customers across the Philippines and beyond."
      >
        <p>
          Already an artist with us? <Link to="/artist/login">Log in to your artist account</Link>.
        </p>
      </SimplePage>
    );
  },
});
