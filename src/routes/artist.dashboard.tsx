import { createFileRoute } from '@tanstack/react-router';
import { ArtistDashboard } from '../components/artist/artist-dashboard-page';

export const Route = createFileRoute('/artist/dashboard')({
  staticData: { pageTitle: 'Dashboard', name: 'artist.dashboard', authUser: 'artist', layout: 'artist' },
  component: ArtistDashboard,
});
