// The catalogue's orders, on their own: the /artists route reads them to check its address, and the
// route is part of every first load, so it must not pull in the catalogue's schemas (contracts/artist.ts).

/**
 * The catalogue's orders (docs/product.md §4): recommended is the stage-name order; price is the artist's
 * rate (what the customer pays); rating is the average shown on the card, best first; fastest is the
 * artist's standard turnaround, shortest first (contracts/delivery.ts).
 */
export const catalogSorts = [
  { value: 'recommended', display: 'Recommended' },
  { value: 'price_asc', display: 'Price: low to high' },
  { value: 'price_desc', display: 'Price: high to low' },
  { value: 'rating', display: 'Rating: best first' },
  { value: 'fastest', display: 'Fastest delivery' },
] as const;
export type CatalogSort = (typeof catalogSorts)[number]['value'];
export const catalogSortValues = catalogSorts.map((s) => s.value) as [CatalogSort, ...CatalogSort[]];
