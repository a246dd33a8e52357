import { catalogApi } from '../api/catalog.api';
import { useAppActors } from './hooks';
import { useResource } from './use-resource';

/** Home page: a few artists who are online now (the keyed resource, loaded once per visit of the page). */
export function useFeaturedArtists() {
  const { api } = useAppActors();
  return useResource(() => catalogApi(api.for('user')).artists({ limit: 3 }), 'featured');
}
