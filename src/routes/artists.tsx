import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { catalogSortValues } from '../../contracts/catalog-sorts';
import { isCalendarDate, turnaroundDaysSchema } from '../../contracts/delivery';
import { genreValues, MAX_RATE_CENTAVOS, vocalTypeValues } from '../../contracts/options';
import type { CatalogFilters } from '../../machines/artist-catalog.machine';
import { ArtistsPage } from '../components/catalog/artists-page';

// An unknown or invalid choice in the address (an old link, a typo) is dropped rather than sent to the server.
const known = (values: readonly string[]) => v.fallback(v.optional(v.picklist(['', ...values]), ''), '');
const pesos = v.fallback(
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_RATE_CENTAVOS / 100))),
  undefined,
);
const searchSchema = v.pipe(
  v.object({
    genre: known(genreValues),
    vocal_type: known(vocalTypeValues),
    q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(60)), ''), ''),
    min_price: pesos,
    max_price: pesos,
    min_rating: v.fallback(v.optional(v.picklist([1, 2, 3, 4, 5])), undefined),
    turnaround: v.fallback(v.optional(turnaroundDaysSchema), undefined),
    deliver_by: v.fallback(v.optional(v.pipe(v.string(), v.check(isCalendarDate))), undefined),
    sort: known(catalogSortValues.filter((s) => s !== 'recommended')),
  }),
  // A highest price below the lowest cannot match anything: the address keeps the lowest only.
  v.transform((s) =>
    s.min_price !== undefined && s.max_price !== undefined && s.min_price > s.max_price
      ? { ...s, max_price: undefined }
      : s,
  ),
);
type Search = v.InferOutput<typeof searchSchema>;

/** The address's choices as the catalogue machine holds them: text, '' when not chosen. */
const toFilters = (search: Search): CatalogFilters => ({
  genre: search.genre,
  vocal_type: search.vocal_type,
  q: search.q,
  min_price: search.min_price === undefined ? '' : String(search.min_price),
  max_price: search.max_price === undefined ? '' : String(search.max_price),
  min_rating: search.min_rating === undefined ? '' : String(search.min_rating),
  turnaround: search.turnaround === undefined ? '' : String(search.turnaround),
  deliver_by: search.deliver_by ?? '',
  sort: search.sort,
});

/** The choices as the address keeps them: numbers as numbers, nothing for what is not chosen. */
function toSearch(filters: CatalogFilters): Partial<Search> {
  const whole = (text: string) => (/^\d{1,6}$/.test(text) ? Number(text) : undefined);
  const next: Record<string, string | number | undefined> = {
    genre: filters.genre,
    vocal_type: filters.vocal_type,
    q: filters.q,
    min_price: whole(filters.min_price),
    max_price: whole(filters.max_price),
    min_rating: whole(filters.min_rating),
    turnaround: whole(filters.turnaround),
    deliver_by: filters.deliver_by,
    sort: filters.sort === 'recommended' ? '' : filters.sort,
  };
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '' && value !== undefined));
}

export const Route = createFileRoute('/artists')({
  staticData: { pageTitle: 'Artists', name: 'artists' },
  validateSearch: searchSchema,
  component: function Artists() {
    const search = Route.useSearch();
    const navigate = useNavigate({ from: '/artists' });
    // The chosen filters and order go to the address, so a link, a new tab or a reload keeps them.
    const syncUrl = (filters: CatalogFilters) => {
      void navigate({ search: toSearch(filters) as Search, replace: true });
    };
    return <ArtistsPage search={toFilters(search)} syncUrl={syncUrl} />;
  },
});
