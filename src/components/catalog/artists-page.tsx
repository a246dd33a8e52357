import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { type CatalogFilters, emptyFilters } from '../../../machines/artist-catalog.machine';
import { useCatalogMachine } from '../../actors/catalog-machine';
import { Button } from '../ui/button';
import { inputClass } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { ArtistCard } from './artist-card';

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

  // Back/forward changes the address by itself: the list follows it.
  const lastSearch = useRef(search);
  useEffect(() => {
    const same = (a: CatalogFilters, b: CatalogFilters) =>
      a.genre === b.genre && a.vocal_type === b.vocal_type && a.q === b.q;
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
