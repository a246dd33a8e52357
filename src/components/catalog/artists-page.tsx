import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { catalogMessages, catalogSorts } from '../../../contracts/artist';
import { formatTurnaround, MAX_TURNAROUND_DAYS, MIN_TURNAROUND_DAYS } from '../../../contracts/delivery';
import { type ArtistCatalogEvent, type CatalogFilters, emptyFilters } from '../../../machines/artist-catalog.machine';
import { useCatalogMachine } from '../../actors/catalog-machine';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { ArtistCard } from './artist-card';

/** Minimum ratings to choose from, best first. */
const ratingChoices = [4, 3, 2, 1].map((stars) => ({ value: String(stars), display: `${stars} stars & up` }));
ratingChoices.unshift({ value: '5', display: '5 stars only' });
/** Turnarounds to filter by ("at most"), within the platform's limits. */
const turnaroundChoices = [1, 3, 5, 7, 14]
  .filter((days) => days >= MIN_TURNAROUND_DAYS && days <= MAX_TURNAROUND_DAYS)
  .map((days) => ({ value: String(days), display: `Within ${formatTurnaround(days)}` }));
/** The orders besides recommended (the select's empty choice). */
const sortChoices = catalogSorts.filter((s) => s.value !== 'recommended').map((s) => ({ ...s }));

/** A price bound in whole pesos; each key waits for the pause like the search. */
function PriceInput({
  label,
  name,
  value,
  send,
  error,
}: {
  label: string;
  name: 'min_price' | 'max_price';
  value: string;
  send: (event: ArtistCatalogEvent) => void;
  error?: string | undefined;
}) {
  const id = `artist-${name.replace('_', '-')}`;
  return (
    <div className={css({ flex: '1', minW: '0' })}>
      <label htmlFor={id} className={css({ display: 'block', fontSize: 'sm', mb: '1' })}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={inputClass}
        value={value}
        placeholder={name === 'min_price' ? 'e.g. 1500' : 'e.g. 3000'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => send({ type: 'price.typed', name, value: e.target.value.replace(/[^\d]/g, '').slice(0, 6) })}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The catalogue: `search` is the filters the address holds; `syncUrl` writes the filters the person
 * chose back to the address (the route's concern).
 */
export function ArtistsPage({
  search,
  syncUrl,
}: {
  search: CatalogFilters;
  syncUrl: (filters: CatalogFilters) => void;
}) {
  const machine = useCatalogMachine(syncUrl);
  const actor = useActorRef(machine, { input: { filters: search } });
  const filters = useSelector(actor, (s) => s.context.filters);
  const artists = useSelector(actor, (s) => s.context.artists);
  const options = useSelector(actor, (s) => s.context.options);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  const empty = useSelector(actor, (s) => s.hasTag('empty'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'user.loadMore' }));
  const backwards =
    /^\d+$/.test(filters.min_price) &&
    /^\d+$/.test(filters.max_price) &&
    Number(filters.min_price) > Number(filters.max_price);

  // Back/forward changes the address by itself: the list follows it.
  const lastSearch = useRef(search);
  useEffect(() => {
    const same = (a: CatalogFilters, b: CatalogFilters) =>
      (Object.keys(emptyFilters) as (keyof CatalogFilters)[]).every((name) => a[name] === b[name]);
    if (same(lastSearch.current, search)) return;
    lastSearch.current = search;
    if (!same(search, actor.getSnapshot().context.filters))
      actor.send({ type: 'url.changed', filters: { ...emptyFilters, ...search } });
  }, [search, actor]);

  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: { base: '8', md: '12' } })}>
      <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' })}>Our artists</h1>
      <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'lg' })}>
        Singer-songwriters online now. Listen to their samples, then choose up to three when you order.
      </p>

      <search
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr auto' },
          rowGap: '3',
          alignItems: 'end',
          mt: '8',
        })}
      >
        <div>
          <label
            htmlFor="artist-search"
            className={css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' })}
          >
            Search by name
          </label>
          <input
            id="artist-search"
            type="search"
            className={inputClass}
            value={filters.q}
            placeholder="e.g. Ana"
            onChange={(e) => actor.send({ type: 'search.typed', q: e.target.value })}
          />
        </div>
        <SelectField
          label="Genre"
          emptyLabel="All genres"
          options={options.genres}
          value={filters.genre}
          onChange={(value) => actor.send({ type: 'filter.changed', name: 'genre', value })}
        />
        <SelectField
          label="Vocal type"
          emptyLabel="Any voice"
          options={options.vocal_types}
          value={filters.vocal_type}
          onChange={(value) => actor.send({ type: 'filter.changed', name: 'vocal_type', value })}
        />
        <Button color="text" onClick={() => actor.send({ type: 'user.clearFilters' })}>
          Clear
        </Button>
        <fieldset className={css({ gridColumn: { md: 'span 2' }, display: 'flex', gap: '3', alignItems: 'start' })}>
          <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>Price per song (₱)</legend>
          <PriceInput label="Lowest price" name="min_price" value={filters.min_price} send={actor.send} />
          <PriceInput
            label="Highest price"
            name="max_price"
            value={filters.max_price}
            send={actor.send}
            error={backwards ? catalogMessages.priceRangeBackwards : undefined}
          />
        </fieldset>
        <SelectField
          label="Rating"
          emptyLabel="Any rating"
          options={ratingChoices}
          value={filters.min_rating}
          onChange={(value) => actor.send({ type: 'filter.changed', name: 'min_rating', value })}
        />
        <SelectField
          label="Turnaround"
          emptyLabel="Any turnaround"
          options={turnaroundChoices}
          value={filters.turnaround}
          onChange={(value) => actor.send({ type: 'filter.changed', name: 'turnaround', value })}
        />
        <div>
          <label
            htmlFor="artist-deliver-by"
            className={css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' })}
          >
            Can deliver by
          </label>
          <input
            id="artist-deliver-by"
            type="date"
            className={inputClass}
            value={filters.deliver_by}
            aria-describedby="artist-deliver-by-hint"
            // A date input reports a value only once the date is whole: each one is a choice, like a select's.
            onChange={(e) => actor.send({ type: 'filter.changed', name: 'deliver_by', value: e.target.value })}
          />
          <p id="artist-deliver-by-hint" className={css({ color: 'fg.muted', fontSize: 'xs', mt: '1' })}>
            Artists whose song, ordered now, arrives by this date
          </p>
        </div>
        <SelectField
          label="Sort by"
          emptyLabel="Recommended"
          options={sortChoices}
          value={filters.sort}
          onChange={(value) => actor.send({ type: 'filter.changed', name: 'sort', value })}
        />
      </search>

      {/* While the first page loads, the list holds a screen's height, so the cards do not push the footer up into view and down again. */}
      <section
        aria-label="Artists"
        aria-busy={loading}
        className={css({ mt: '8', minH: loading ? '100dvh' : undefined })}
      >
        {failed ? (
          <div role="alert" className={css({ p: '6', bg: 'red.50', borderRadius: 'lg' })}>
            <p>{error}</p>
            <Button
              color="secondary"
              size="sm"
              className={css({ mt: '3' })}
              onClick={() => actor.send({ type: 'user.retry' })}
            >
              Try again
            </Button>
          </div>
        ) : empty ? (
          <p
            role="status"
            className={css({ p: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'lg' })}
          >
            No artists match these filters right now. Try another genre, or clear the filters.
          </p>
        ) : (
          <ul
            className={css({
              display: 'grid',
              gap: '5',
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            })}
          >
            {artists.map((a) => (
              <li key={a.id}>
                <ArtistCard artist={a} />
              </li>
            ))}
          </ul>
        )}
        {loading ? (
          <p role="status" className={css({ mt: '6', color: 'fg.muted' })}>
            Loading artists…
          </p>
        ) : null}
        {canLoadMore || loadingMore ? (
          <div className={css({ mt: '8', textAlign: 'center' })}>
            <Button color="secondary" loading={loadingMore} onClick={() => actor.send({ type: 'user.loadMore' })}>
              Show more artists
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
