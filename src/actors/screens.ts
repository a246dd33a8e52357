import type { ArtistPublicProfile } from '../../contracts/artist';
import type { ArtistReview } from '../../contracts/reviews';
import { artistApi } from '../api/artist.api';
import { catalogApi } from '../api/catalog.api';
import { useAppActors } from './hooks';
import { usePagedList } from './paged-list';
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

/** The reviews on /artist/$id: the first page came with the profile; "More reviews" reads on. */
export function usePublicArtistReviews(artist: ArtistPublicProfile) {
  const { api } = useAppActors();
  return usePagedList<ArtistReview>((_, cursor) =>
    cursor === null
      ? Promise.resolve({ items: artist.reviews, next_cursor: artist.reviews_next_cursor })
      : catalogApi(api.for('user')).reviews(artist.id, cursor),
  );
}
