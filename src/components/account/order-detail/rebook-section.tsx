import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ArtistCard } from '../../../../contracts/artist';
import { formatDeadline, formatPesos, formatPesosWithCentavos } from '../../../../contracts/format';
import type { CustomerOrderView } from '../../../../machines/customer-order.connect';
import { useCatalogMachine } from '../../../actors/catalog-machine';
import type { CustomerOrderSend } from '../../../actors/use-customer-order';
import { Rating } from '../../catalog/artist-card';
import { labelOfVocalType } from '../../catalog/options';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { sectionClass, sectionHeading } from './order-facts';

const noUrlSync = () => {};

/**
 * No artist took the order: choose up to three other online artists (the catalogue, page by page)
 * and send it to them. Artists already asked are not listed: they cannot be asked again.
 */
export function RebookSection({ view, send }: { view: CustomerOrderView; send: CustomerOrderSend }) {
  const catalog = useActorRef(useCatalogMachine(noUrlSync, 12), { input: {} });
  const artists = useSelector(catalog, (s) => s.context.artists).filter((a) => !view.wasOffered(a.id));
  const loading = useSelector(catalog, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(catalog, (s) => s.hasTag('loadingMore'));
  const failed = useSelector(catalog, (s) => s.hasTag('error'));
  const error = useSelector(catalog, (s) => s.context.error);
  const canLoadMore = useSelector(catalog, (s) => s.can({ type: 'user.loadMore' }));
  const errors = view.errorsOf('rebook');
  const chosen = view.drafts.rebook.selected_artists;
  const names = new Map(artists.map((a) => [a.id, a.stage_name]));
  const busy = view.pending === 'rebook';
  const above = view.ratesAbovePaid(artists);
  const paid = view.order?.price ?? 0;
  return (
    <section aria-labelledby="rebook-heading" className={sectionClass}>
      <h3 id="rebook-heading" className={sectionHeading}>
        Choose another artist
      </h3>
      <p className={css({ mb: '3' })}>
        The artists you chose could not take this order. Choose up to {view.maxArtists} others: the first to accept
        makes your song.
      </p>
      {view.order?.auto_cancel_at ? (
        <p className={css({ mb: '3' })} data-testid="auto-cancel-note">
          Or cancel the order for a full refund of {formatPesosWithCentavos(paid)}. If you do neither by{' '}
          {formatDeadline(view.order.auto_cancel_at)}, we cancel the order and refund {formatPesosWithCentavos(paid)}{' '}
          automatically.
        </p>
      ) : null}
      <form
        noValidate
        aria-labelledby="rebook-heading"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'user.submit', action: 'rebook' });
        }}
      >
        <p className={css({ fontWeight: 'medium', mb: '2' })} aria-live="polite">
          {chosen.length === 0
            ? 'No artists chosen yet.'
            : `Chosen (${chosen.length} of ${view.maxArtists}): ${chosen.map((id) => names.get(id) ?? id).join(', ')}`}
        </p>
        {failed ? (
          <div role="alert" className={css({ p: '4', bg: 'red.50', borderRadius: 'lg', my: '3' })}>
            <p>{error}</p>
            <Button size="sm" color="secondary" onClick={() => catalog.send({ type: 'user.retry' })}>
              Try again
            </Button>
          </div>
        ) : null}
        {loading ? (
          <p role="status" className={css({ color: 'fg.muted' })}>
            Loading artists…
          </p>
        ) : null}
        {!loading && !failed && artists.length === 0 ? (
          <p role="status" className={css({ color: 'fg.muted' })}>
            No other artists are taking orders right now. Please try again later, or cancel the order.
          </p>
        ) : null}
        <ul
          aria-label="Artists"
          aria-describedby={errors.selected_artists ? 'rebook-error' : undefined}
          className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } })}
        >
          {artists.map((artist) => (
            <li key={artist.id}>
              <ArtistChoice
                artist={artist}
                chosen={view.isArtistChosen(artist.id)}
                disabled={busy || (!view.isArtistChosen(artist.id) && !view.canChooseMoreArtists)}
                onToggle={() => send({ type: 'artist.toggled', id: artist.id })}
              />
            </li>
          ))}
        </ul>
        {/* Under the picker, next to the button that was pressed: an empty choice says so where it is seen. */}
        {errors.selected_artists ? (
          <p id="rebook-error" role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '2' })}>
            {errors.selected_artists[0]}
          </p>
        ) : null}
        {above.length > 0 ? (
          <div
            role="status"
            data-testid="rebook-rate-note"
            className={css({ bg: 'yellow.50', borderRadius: 'lg', p: '3', mt: '3', fontSize: 'sm' })}
          >
            {above.map((a) => (
              <p key={a.id}>
                {a.stage_name} asks {formatPesos(a.rate)} per song, {formatPesos(a.difference)} more than the{' '}
                {formatPesos(paid)} you paid.
              </p>
            ))}
            <p className={css({ mt: '1' })}>
              You will not be charged the difference: your order is offered at the price you paid, and{' '}
              {above.length === 1 ? 'this artist' : 'these artists'} may decline it.
            </p>
          </div>
        ) : null}
        {canLoadMore || loadingMore ? (
          <div className={css({ mt: '3' })}>
            <Button color="text" loading={loadingMore} onClick={() => catalog.send({ type: 'user.loadMore' })}>
              Show more artists
            </Button>
          </div>
        ) : null}
        <div className={css({ mt: '4' })}>
          <Button type="submit" loading={busy} disabled={view.busy}>
            Send my order to them
          </Button>
        </div>
      </form>
    </section>
  );
}

function ArtistChoice({
  artist,
  chosen,
  disabled,
  onToggle,
}: {
  artist: ArtistCard;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <label
      data-state={chosen ? 'selected' : undefined}
      className={css({
        display: 'flex',
        gap: '3',
        alignItems: 'center',
        p: '3',
        borderWidth: '2px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        cursor: 'pointer',
        '&[data-state=selected]': { borderColor: 'brand.600' },
        '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
      })}
    >
      <input
        type="checkbox"
        checked={chosen}
        disabled={disabled}
        onChange={onToggle}
        aria-label={`Choose ${artist.stage_name}`}
        className={css({ w: '5', h: '5', accentColor: 'brand.700', flexShrink: 0 })}
      />
      <Avatar src={artist.avatar} name={artist.stage_name} size={44} />
      <span className={css({ display: 'grid', minW: 0 })}>
        <span className={css({ fontWeight: 'bold' })}>{artist.stage_name}</span>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{labelOfVocalType(artist.vocal_type)}</span>
        <Rating rating={artist.rating} count={artist.rating_count} />
        <span className={css({ fontSize: 'sm' })}>from {formatPesos(artist.rate)} per song</span>
      </span>
    </label>
  );
}
