import { css } from 'styled-system/css';
import { useFeaturedArtists } from '../../actors/use-featured-artists';
import { ArtistCard } from './artist-card';

/** Home page: a few artists who are online now. */
export function FeaturedArtists() {
  const { data } = useFeaturedArtists();
  if (!data) return null;
  if (data.artists.length === 0)
    return (
      <p className={css({ color: 'fg.muted' })}>
        Our artists are all offline right now. Come back soon, or browse their profiles.
      </p>
    );
  return (
    <ul className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } })}>
      {data.artists.map((a) => (
        <li key={a.id}>
          <ArtistCard artist={a} />
        </li>
      ))}
    </ul>
  );
}
