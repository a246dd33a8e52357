import type { RushOffer } from '../../contracts/addons';
import type { ArtistCard, ArtistPublicProfile } from '../../contracts/artist';
import type { DeliveryPromise } from '../../contracts/delivery';
import { genresOf, rateOf, vocalTypeOf } from '../artists/artist.serializers';
import type { ArtistProfileRow, ArtistSongRow, UserRow } from '../db/schema';
import { type RatingSummary, unrated } from '../lifecycle/ratings.repository';
import type { MediaSigner } from '../media/signed-url';
import { MEDIA_PREFIX } from '../users/auth-user';

/** The featured song, or else the newest sample (songs come newest first). */
function pickSample(user: UserRow, songs: ArtistSongRow[]): ArtistSongRow | undefined {
  return songs.find((s) => s.source === user.featured_song_path) ?? songs[0];
}

/** A card of the catalogue, with the artist's average rating from completed orders and their delivery promise. */
export function toArtistCard(
  user: UserRow,
  profile: ArtistProfileRow | undefined,
  songs: ArtistSongRow[],
  media: MediaSigner,
  ratings: RatingSummary | undefined,
  promises: { delivery: DeliveryPromise; rush: RushOffer | null },
): ArtistCard {
  const sample = pickSample(user, songs);
  return {
    id: user.user_id,
    stage_name: user.stage_name ?? '',
    avatar: user.avatar_path ? `${MEDIA_PREFIX}${user.avatar_path}` : null,
    genres: genresOf(profile),
    vocal_type: vocalTypeOf(profile),
    rating: (ratings ?? unrated).rating,
    rating_count: (ratings ?? unrated).rating_count,
    rate: rateOf(profile),
    sample: sample ? { title: sample.title, url: media.audioUrl(sample.source) } : null,
    delivery: promises.delivery,
    rush: promises.rush,
  };
}

/** The public page: the card, the bio and every sample, the featured one first, the newest reviews and the stars. */
export function toArtistPublicProfile(
  user: UserRow,
  profile: ArtistProfileRow | undefined,
  songs: ArtistSongRow[],
  media: MediaSigner,
  ratings: RatingSummary,
  promises: { delivery: DeliveryPromise; rush: RushOffer | null },
  reviews: Pick<ArtistPublicProfile, 'reviews' | 'reviews_next_cursor' | 'rating_distribution'>,
): ArtistPublicProfile {
  const featured = songs.filter((s) => s.source === user.featured_song_path);
  const ordered = [...featured, ...songs.filter((s) => s.source !== user.featured_song_path)];
  return {
    ...toArtistCard(user, profile, songs, media, ratings, promises),
    bio: profile?.bio ?? '',
    songs: ordered.map((s) => ({ source: s.source, title: s.title, url: media.audioUrl(s.source) })),
    ...reviews,
  };
}
