import { artistApi } from '../api/artist.api';
import { catalogApi } from '../api/catalog.api';
import { useAppActors } from './hooks';
import { useResource } from './use-resource';

// One-thing screens load through the keyed resource (its actor restarts when the key changes); the
// route keeps the URL (params, search) and passes what it read.

/** /artist/dashboard: the counts, followed live for orders, offers and payouts. */
export function useArtistDashboard() {
  const { api } = useAppActors();
  return useResource(() => artistApi(api.for('artist')).dashboard(), 'dashboard', {
    kinds: ['order', 'offer', 'payout'],
  });
}

/** /artist/$id: the public artist profile. */
export function usePublicArtist(id: string) {
  const { api } = useAppActors();
  return useResource(() => catalogApi(api.for('user')).artist(id), id);
}
