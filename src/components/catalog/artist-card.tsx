import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ArtistCard as Card } from '../../../contracts/artist';
import { type DeliveryPromise, formatTurnaround } from '../../../contracts/delivery';
import { countOf, formatPesos } from '../../../contracts/format';
import { usePlayer } from '../../player/use-player';
import { usDate } from '../order/format';
import { Avatar } from '../ui/avatar';
import { buttonRecipe } from '../ui/button';
import { labelOfGenre, labelOfVocalType } from './options';
import { OrderWithArtistButton } from './order-with-artist';

export function Rating({ rating, count }: { rating: number | null; count: number }) {
  if (rating === null || count === 0)
    return <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>New artist</span>;
  return (
    <span
      role="img"
      className={css({ fontSize: 'sm' })}
      aria-label={`Rated ${rating.toFixed(1)} out of 5 from ${countOf(count, 'review')}`}
    >
      <span aria-hidden="true" className={css({ color: 'yellow.500' })}>
        ★
      </span>{' '}
      {rating.toFixed(1)} <span className={css({ color: 'fg.muted' })}>({count})</span>
    </span>
  );
}

/** The genres as small tags. */
export function GenreTags({ genres }: { genres: readonly string[] }) {
  return (
    <ul aria-label="Genres" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
      {genres.map((g) => (
        <li
          key={g}
          className={css({
            bg: 'brand.50',
            color: 'brand.800',
            px: '2',
            py: '0.5',
            borderRadius: 'full',
            fontSize: 'xs',
            fontWeight: 'medium',
          })}
        >
          {labelOfGenre(g)}
        </li>
      ))}
    </ul>
  );
}

/** "from ₱2,500 per song". */
export function RatePerSong({ rate }: { rate: number }) {
  return (
    <p className={css({ fontWeight: 'semibold' })}>
      from {formatPesos(rate)}{' '}
      <span className={css({ color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm' })}>per song</span>
    </p>
  );
}

/**
 * What ordering now promises (server-computed, docs/product.md §9 "Delivery"): the arrival date, the
 * artist's turnaround and the artists' answer window.
 */
export function DeliveryNote({ delivery, compact = false }: { delivery: DeliveryPromise; compact?: boolean }) {
  return (
    <div data-part="delivery" className={css({ fontSize: 'sm' })}>
      <p className={css({ fontWeight: 'medium' })}>
        Arrives by{' '}
        <time dateTime={delivery.arrives_by} data-testid="arrives-by">
          {usDate(delivery.arrives_by)}
        </time>{' '}
        if ordered now
      </p>
      {compact ? null : (
        <p className={css({ color: 'fg.muted' })}>
          {formatTurnaround(delivery.turnaround_days)} to record · artists answer within {delivery.answer_hours} hours
        </p>
      )}
    </div>
  );
}

/** One artist in the catalogue: photo, stage name, genres, vocal type, rating, price, sample. */
export function ArtistCard({ artist }: { artist: Card }) {
  const player = usePlayer();
  const playing = player.playingArtistId === artist.id;
  const who = { id: artist.id, name: artist.stage_name, image: artist.avatar };
  return (
    <article
      aria-labelledby={`artist-${artist.id}-name`}
      data-state={playing ? 'playing' : undefined}
      className={css({
        bg: 'white',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        p: '5',
        display: 'flex',
        flexDir: 'column',
        gap: '3',
        '&[data-state=playing]': { borderColor: 'brand.500', boxShadow: '0 0 0 2px token(colors.brand.200)' },
      })}
    >
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
        <Avatar src={artist.avatar} name={artist.stage_name} size={64} />
        <div className={css({ minW: 0 })}>
          <h3 id={`artist-${artist.id}-name`} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
            <Link
              to="/artist/$id"
              params={{ id: artist.id }}
              className={css({ textDecoration: 'none', color: 'fg.default', _hover: { color: 'brand.700' } })}
            >
              {artist.stage_name}
            </Link>
          </h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{labelOfVocalType(artist.vocal_type)}</p>
          <Rating rating={artist.rating} count={artist.rating_count} />
        </div>
      </div>
      <GenreTags genres={artist.genres} />
      <RatePerSong rate={artist.rate} />
      <DeliveryNote delivery={artist.delivery} />
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: 'auto' })}>
        {artist.sample ? (
          <button
            type="button"
            className={buttonRecipe({ size: 'sm', color: 'secondary' })}
            aria-label={playing ? `Pause sample by ${artist.stage_name}` : `Play sample by ${artist.stage_name}`}
            onClick={() => artist.sample && player.toggleArtist(who, [artist.sample])}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pause sample' : 'Play sample'}
          </button>
        ) : null}
        <OrderWithArtistButton artistId={artist.id} size="sm" />
      </div>
    </article>
  );
}
