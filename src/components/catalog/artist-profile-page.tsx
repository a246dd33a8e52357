import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ArtistPublicProfile } from '../../../contracts/artist';
import { formatPesos } from '../../../contracts/format';
import { usePublicArtist, usePublicArtistReviews } from '../../actors/screens';
import { usePlayer } from '../../player/use-player';
import { SimplePage } from '../layout/simple-page';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { DeliveryNote, Rating } from './artist-card';
import { labelOfGenre, labelOfVocalType } from './options';
import { OrderWithArtistButton } from './order-with-artist';
import { MoreReviews, ReviewItem, StarDistribution } from './reviews';

/** /artist/{id}: an artist's public profile (the route reads the id from the address). */
export function ArtistView({ id }: { id: string }) {
  const { data: artist, loading, missing, failed, error, retry } = usePublicArtist(id);
  const player = usePlayer();

  if (loading) return <SimplePage title="Loading artist…" />;
  if (missing)
    return (
      <SimplePage title="This artist is not available" lead="They may be offline or no longer taking orders.">
        <Link to="/artists">See the artists who are online now</Link>
      </SimplePage>
    );
  if (failed || !artist)
    return (
      <SimplePage title="We could not load this artist" lead={error ?? undefined}>
        <div>
          <Button color="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      </SimplePage>
    );

  const who = { id: artist.id, name: artist.stage_name, image: artist.avatar };
  const playing = player.playingArtistId === artist.id;
  return (
    <div className={css({ maxW: '5xl', mx: 'auto', px: '4', py: { base: '8', md: '12' } })}>
      <div className={css({ display: 'flex', gap: '6', flexWrap: 'wrap', alignItems: 'center' })}>
        <Avatar src={artist.avatar} name={artist.stage_name} size={120} />
        <div className={css({ flex: '1', minW: '16rem' })}>
          <h1 className={css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' })}>
            {artist.stage_name}
          </h1>
          <p className={css({ color: 'fg.muted' })}>
            {labelOfVocalType(artist.vocal_type)} · {artist.genres.map(labelOfGenre).join(', ')}
          </p>
          <p className={css({ mt: '1' })}>
            <Rating rating={artist.rating} count={artist.rating_count} />
          </p>
          <p className={css({ mt: '2', fontWeight: 'semibold' })}>from {formatPesos(artist.rate)} per song</p>
          <div className={css({ mt: '1' })}>
            <DeliveryNote delivery={artist.delivery} />
          </div>
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {artist.songs.length > 0 ? (
            <Button color="secondary" aria-pressed={playing} onClick={() => player.toggleArtist(who, artist.songs)}>
              {playing ? 'Pause' : 'Play all'}
            </Button>
          ) : null}
          <OrderWithArtistButton artistId={artist.id} />
        </div>
      </div>

      <section aria-labelledby="bio-heading" className={css({ mt: '10' })}>
        <h2 id="bio-heading" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>
          About
        </h2>
        <p className={css({ whiteSpace: 'pre-line', lineHeight: '1.7', maxW: '70ch' })}>{artist.bio}</p>
      </section>

      <section aria-labelledby="samples-heading" className={css({ mt: '10' })}>
        <h2 id="samples-heading" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>
          Samples
        </h2>
        {artist.songs.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>No samples yet.</p>
        ) : (
          <ol className={css({ display: 'grid', gap: '2' })}>
            {artist.songs.map((song, index) => (
              <li
                key={song.source}
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '3',
                  p: '3',
                  bg: 'bg.subtle',
                  borderRadius: 'md',
                })}
              >
                <Button
                  size="sm"
                  color="secondary"
                  onClick={() => player.playArtist(who, artist.songs, index)}
                  aria-label={`Play ${song.title}`}
                >
                  ▶
                </Button>
                <span>{song.title}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="reviews-heading" className={css({ mt: '10' })}>
        <h2 id="reviews-heading" className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '3' })}>
          Reviews
        </h2>
        <StarDistribution counts={artist.rating_distribution} />
        <ReviewList artist={artist} />
      </section>
    </div>
  );
}

/** The reviews, newest first, a page at a time. */
function ReviewList({ artist }: { artist: ArtistPublicProfile }) {
  const reviews = usePublicArtistReviews(artist);
  if (reviews.items.length === 0 && !reviews.loading)
    return (
      <p className={css({ color: 'fg.muted' })}>
        No reviews yet. Be the first to order a song from {artist.stage_name}.
      </p>
    );
  return (
    <>
      <ul className={css({ display: 'grid', gap: '4' })}>
        {reviews.items.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} artistName={artist.stage_name} />
          </li>
        ))}
      </ul>
      <MoreReviews
        hasMore={reviews.hasMore}
        loadingMore={reviews.loadingMore}
        error={reviews.moreError}
        onMore={reviews.loadMore}
      />
    </>
  );
}
