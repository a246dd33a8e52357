import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { genreValues, vocalTypeValues } from '../../contracts/options';
import type { CatalogFilters } from '../../machines/artist-catalog.machine';
import { ArtistsPage } from '../components/catalog/artists-page';

// An unknown filter in the address (an old link, a typo) is dropped rather than sent to the server.
const known = (values: readonly string[]) => v.fallback(v.optional(v.picklist(['', ...values]), ''), '');
const searchSchema = v.object({
  genre: known(genreValues),
  vocal_type: known(vocalTypeValues),
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(60)), ''), ''),
});

export const Route = createFileRoute('/artists')({
  staticData: { pageTitle: 'Artists', name: 'artists' },
  validateSearch: searchSchema,
  component: function Artists() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: '/artists' });
    // The chosen filters go to the address (an empty one is left out), so a link or a reload keeps them.
    const syncUrl = (filters: CatalogFilters) => {
      const next = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
      void navigate({ search: next as typeof search, replace: true });
    };
    return <ArtistsPage search={search} syncUrl={syncUrl} />;
  },
});
