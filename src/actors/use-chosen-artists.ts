import { catalogApi } from '../api/catalog.api';
import { useAppActors } from './hooks';
import { useResource } from './use-resource';

/** An artist the draft names by id, as the review shows them. */
export interface ChosenArtist {
  id: string;
  stage_name: string;
  /** Whole pesos. */
  rate: number;
}

/**
 * The chosen artists' names and rates from the public catalogue, for a draft the server has not priced
 * yet (a guest's, kept in this browser: it holds only the artists' ids until it is saved to an account).
 * Nothing is asked while `ids` is empty.
 */
export function useChosenArtists(ids: readonly string[]) {
  const { api } = useAppActors();
  const key = ids.join(',');
  const { data } = useResource<ChosenArtist[]>(
    () =>
      Promise.all(
        ids.map(async (id) => {
          const { stage_name, rate } = await catalogApi(api.for('user')).artist(id);
          return { id, stage_name, rate };
        }),
      ),
    `chosen:${key}`,
  );
  return ids.length === 0 ? [] : (data ?? []);
}
