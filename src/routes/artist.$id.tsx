import { createFileRoute } from '@tanstack/react-router';
import { ArtistView } from '../components/catalog/artist-profile-page';

export const Route = createFileRoute('/artist/$id')({
  staticData: { pageTitle: 'Artist', name: 'artist.view' },
  component: ArtistRoute,
});

function ArtistRoute() {
  const { id } = Route.useParams();
  return <ArtistView id={id} />;
}
