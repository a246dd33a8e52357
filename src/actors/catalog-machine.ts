import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { Option } from '../../contracts/options';
import { artistCatalogMachine, type CatalogFilters } from '../../machines/artist-catalog.machine';
import { catalogApi } from '../api/catalog.api';
import { useAppActors } from './hooks';
import { loadOptions } from './options';

/** The catalogue machine with the public API; `syncUrl` is the page's (it owns the address). */
export function useCatalogMachine(syncUrl: (filters: CatalogFilters) => void, limit = 12) {
  const { api } = useAppActors();
  const syncRef = useRef(syncUrl);
  syncRef.current = syncUrl;
  return useMemo(() => {
    const catalog = catalogApi(api.for('user'));
    return artistCatalogMachine.provide({
      actors: {
        fetchArtists: fromPromise(({ input }) =>
          catalog.artists({ ...sendable(input.filters), cursor: input.cursor ?? undefined, limit }),
        ),
        fetchOptions: fromPromise(async () => {
          const { genres, vocal_types } = await loadOptions(api);
          return { genres: genres as Option[], vocal_types: vocal_types as Option[] };
        }),
      },
      actions: { syncUrl: (_, p) => syncRef.current(p.filters) },
    });
  }, [api, limit]);
}

/**
 * The choices the server can take: a price that is not whole pesos is left out while it is being typed,
 * and a highest price below the lowest is left out (the page says why under the field).
 */
function sendable(filters: CatalogFilters): CatalogFilters {
  const whole = (text: string) => (/^\d{1,6}$/.test(text) ? text : '');
  const min = whole(filters.min_price);
  const max = whole(filters.max_price);
  return { ...filters, min_price: min, max_price: min !== '' && max !== '' && Number(min) > Number(max) ? '' : max };
}
