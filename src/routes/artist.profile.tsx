import { createFileRoute } from '@tanstack/react-router';
import { ArtistProfilePage } from '../components/artist/profile-page';

export const Route = createFileRoute('/artist/profile')({
  staticData: { pageTitle: 'My Profile', name: 'artist.profile', authUser: 'artist', layout: 'artist' },
  component: ArtistProfilePage,
});
