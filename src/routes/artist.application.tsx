import { createFileRoute } from '@tanstack/react-router';
import { ArtistApplicationPage } from '../components/artist-application/artist-application-page';

export const Route = createFileRoute('/artist/application')({
  staticData: { pageTitle: 'Artist Application', name: 'artist.application', guestOnly: true },
  component: ArtistApplicationPage,
});
