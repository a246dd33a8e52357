import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { css } from 'styled-system/css';
import type { ArtistCard } from '../../../contracts/artist';
import { formatTurnaround } from '../../../contracts/delivery';
import { formatPesos } from '../../../contracts/format';
import { useCatalogMachine } from '../../actors/catalog-machine';
import { usePlayer } from '../../player/use-player';
import { DeliveryNote, GenreTags, RatePerSong, Rating } from '../catalog/artist-card';
import { labelOfVocalType } from '../catalog/options';
import { Avatar } from '../ui/avatar';
import { Button, buttonRecipe } from '../ui/button';
import { FieldError } from './order-page';
import { useOrderDraft } from './use-order-draft';

const noUrlSync = () => {};

/**
 * The song step's artists: online, approved artists from the catalogue, up to MAX_SELECTED_ARTISTS
 * chosen. At the cap the others are disabled; the draft ignores a selection beyond it (docs/product.md §5).
 */
export function ArtistPicker({ onArtistsShown }: { onArtistsShown?: (artists: readonly ArtistCard[]) => void }) {
  const { view, send } = useOrderDraft();
  const machine = useCatalogMachine(noUrlSync, 12);
  const catalog = useActorRef(machine, { input: {} });
  const artists = useSelector(catalog, (s) => s.context.artists);
  const loading = useSelector(catalog, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(catalog, (s) => s.hasTag('loadingMore'));
  const empty = useSelector(catalog, (s) => s.hasTag('empty'));
  const failed = useSelector(catalog, (s) => s.hasTag('error'));
  const error = useSelector(catalog, (s) => s.context.error);
  const canLoadMore = useSelector(catalog, (s) => s.can({ type: 'user.loadMore' }));
  const noteId = useId();
  // The song step shows what the chosen artists promise; the cards shown are where it learns them.
  useEffect(() => onArtistsShown?.(artists), [artists, onArtistsShown]);

  const names = useMemo(() => {
    const known = new Map<string, string>();
    for (const a of view.savedArtists) known.set(a.id, a.stage_name);
    for (const a of artists) known.set(a.id, a.stage_name);
    return known;
  }, [artists, view.savedArtists]);
  const selected = view.selectedArtists;
  const atCap = !view.canSelectMoreArtists;

  return (
    <div>
      <p className={css({ fontWeight: 'medium', mb: '3' })} aria-live="polite">
        {selected.length === 0
          ? `No artists chosen yet (up to ${view.maxArtists}).`
          : `Chosen (${selected.length} of ${view.maxArtists}): ${selected.map((id) => names.get(id) ?? id).join(', ')}`}
      </p>
      {atCap ? (
        <p
          id={noteId}
          role="status"
          className={css({ bg: 'yellow.50', borderRadius: 'md', px: '3', py: '2', mb: '4', fontSize: 'sm' })}
        >
          You have chosen {view.maxArtists} artists, the most for one order. Unselect one to choose another.
        </p>
      ) : null}
      <FieldError message={view.errorOf('song', 'selected_artists')} />

      {failed ? (
        <div role="alert" className={css({ p: '4', bg: 'red.50', borderRadius: 'lg', my: '3' })}>
          <p>{error}</p>
          <Button size="sm" color="secondary" onClick={() => catalog.send({ type: 'user.retry' })}>
            Try again
          </Button>
        </div>
      ) : empty ? (
        <p role="status" className={css({ color: 'fg.muted', my: '3' })}>
          No artists are taking orders right now. Please try again later.
        </p>
      ) : (
        <ul
          aria-label="Artists"
          aria-busy={loading}
          className={css({
            display: 'grid',
            gap: '4',
            mt: '3',
            gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          })}
        >
          {artists.map((artist) => (
            <li key={artist.id}>
              <SelectableArtistCard
                artist={artist}
                selected={view.isArtistSelected(artist.id)}
                disabled={
                  !view.isArtistSelected(artist.id) &&
                  (atCap || !view.canToggleArtist(artist.id) || (view.forms.song.rush && artist.rush === null))
                }
                describedBy={atCap ? noteId : undefined}
                onToggle={() => send({ type: 'artists.toggle', id: artist.id })}
              />
            </li>
          ))}
        </ul>
      )}
      {loading ? (
        <p role="status" className={css({ mt: '3', color: 'fg.muted' })}>
          Loading artists…
        </p>
      ) : null}
      {canLoadMore || loadingMore ? (
        <div className={css({ mt: '4', textAlign: 'center' })}>
          <Button color="secondary" loading={loadingMore} onClick={() => catalog.send({ type: 'user.loadMore' })}>
            Show more artists
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A catalogue card that can be chosen: photo, name, voice, rating, genres, price, a sample to play. */
function SelectableArtistCard({
  artist,
  selected,
  disabled,
  describedBy,
  onToggle,
}: {
  artist: ArtistCard;
  selected: boolean;
  disabled: boolean;
  describedBy: string | undefined;
  onToggle: () => void;
}) {
  const player = usePlayer();
  const playing = player.playingArtistId === artist.id;
  const checkboxId = useId();
  const nameId = `order-artist-${artist.id}-name`;
  return (
    <article
      aria-labelledby={nameId}
      data-state={selected ? 'selected' : undefined}
      data-disabled={disabled ? '' : undefined}
      className={css({
        h: 'full',
        bg: 'white',
        borderRadius: 'xl',
        borderWidth: '2px',
        borderColor: 'border.default',
        p: '4',
        display: 'flex',
        flexDir: 'column',
        gap: '3',
        transition: 'border-color 0.15s, box-shadow 0.15s',
        '&[data-state=selected]': { borderColor: 'brand.600', boxShadow: '0 0 0 3px token(colors.brand.100)' },
        '&[data-disabled]': { opacity: 0.6 },
      })}
    >
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center' })}>
        <Avatar src={artist.avatar} name={artist.stage_name} size={56} />
        <div className={css({ minW: 0 })}>
          <h3 id={nameId} className={css({ fontWeight: 'bold', fontSize: 'md' })}>
            {artist.stage_name}
          </h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{labelOfVocalType(artist.vocal_type)}</p>
          <Rating rating={artist.rating} count={artist.rating_count} />
        </div>
      </div>
      <GenreTags genres={artist.genres} />
      <RatePerSong rate={artist.rate} />
      <DeliveryNote delivery={artist.delivery} compact />
      <p data-part="rush" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {artist.rush
          ? `Rush: +${formatPesos(artist.rush.price)}, ${formatTurnaround(artist.rush.turnaround_days)} to record`
          : 'No rush delivery'}
      </p>
      <div
        className={css({
          display: 'flex',
          gap: '2',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          mt: 'auto',
        })}
      >
        <label
          htmlFor={checkboxId}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            fontWeight: 'semibold',
            cursor: 'pointer',
            '&:has(input:disabled)': { cursor: 'not-allowed' },
          })}
        >
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={onToggle}
            className={css({ w: '5', h: '5', accentColor: 'brand.700', cursor: 'inherit' })}
          />
          Choose {artist.stage_name}
        </label>
        {artist.sample ? (
          <button
            type="button"
            className={buttonRecipe({ size: 'sm', color: 'secondary' })}
            aria-label={playing ? `Pause sample by ${artist.stage_name}` : `Play sample by ${artist.stage_name}`}
            onClick={() =>
              artist.sample &&
              player.toggleArtist({ id: artist.id, name: artist.stage_name, image: artist.avatar }, [artist.sample])
            }
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause' : 'Sample'}
          </button>
        ) : null}
      </div>
    </article>
  );
}
