import type { ArtistProfile, ArtistSong, PayoutMasked } from '../../contracts/artist';
import { BASE_PRICE_CENTAVOS, type Genre, genreValues, type VocalType, vocalTypeValues } from '../../contracts/options';
import type { ArtistPayoutRow, ArtistProfileRow, ArtistSongRow, UserRow } from '../db/schema';
import type { MediaSigner } from '../media/signed-url';
import { turnaroundDaysOf } from '../orders/delivery';
import { toAuthUser } from '../users/auth-user';

// The artist's own shapes; the catalogue and the admin console have theirs beside their routes.

function jsonList(text: string | undefined): unknown[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Stored genres, keeping only keys the option list still knows. */
export const genresOf = (profile: ArtistProfileRow | undefined): Genre[] =>
  jsonList(profile?.genres).filter((g): g is Genre => (genreValues as unknown[]).includes(g));

export const linksOf = (profile: ArtistProfileRow | undefined): string[] =>
  jsonList(profile?.links).filter((l): l is string => typeof l === 'string');

export const vocalTypeOf = (profile: ArtistProfileRow | undefined): VocalType | null =>
  profile?.vocal_type && (vocalTypeValues as string[]).includes(profile.vocal_type) ? profile.vocal_type : null;

/** Whole pesos: the artist's rate, or the platform base price until one is set (docs/architecture.md §4). */
export const rateOf = (profile: ArtistProfileRow | undefined): number =>
  Math.round((profile?.rate_centavos ?? BASE_PRICE_CENTAVOS) / 100);

export function toArtistSong(song: ArtistSongRow, featuredSource: string | null, media: MediaSigner): ArtistSong {
  return {
    source: song.source,
    title: song.title,
    url: media.audioUrl(song.source),
    mime: song.mime,
    size: song.size,
    is_featured: song.source === featuredSource,
    created_at: song.created_at,
  };
}

/** Only the last four digits were ever stored in clear; the sealed number is not even read here. */
export function toPayoutMasked(payout: ArtistPayoutRow): PayoutMasked {
  return {
    bank_name: payout.bank_name,
    account_name: payout.account_name,
    account_number_masked: `•••• ${payout.account_last4}`,
    holder_review: payout.holder_review,
  };
}

export interface ArtistProfileParts {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
  payout: ArtistPayoutRow | undefined;
  songs: ArtistSongRow[];
}

export function toArtistProfile(parts: ArtistProfileParts, media: MediaSigner): ArtistProfile {
  const { user, profile, payout, songs } = parts;
  return {
    user: toAuthUser(user),
    stage_name: user.stage_name,
    pending_stage_name: user.pending_stage_name,
    city: profile?.city ?? null,
    birthdate: profile?.birthdate ?? null,
    bio: profile?.bio ?? null,
    genres: genresOf(profile),
    vocal_type: vocalTypeOf(profile),
    rate: rateOf(profile),
    turnaround_days: turnaroundDaysOf(profile),
    rush_price: profile?.rush_price_centavos == null ? null : Math.round(profile.rush_price_centavos / 100),
    rush_turnaround_days: profile?.rush_price_centavos == null ? null : (profile.rush_turnaround_days ?? null),
    links: linksOf(profile),
    pitch: profile?.pitch ?? null,
    payout: payout ? toPayoutMasked(payout) : null,
    songs: songs.map((song) => toArtistSong(song, user.featured_song_path, media)),
    rejection_reason: user.app_status === 'rejected' ? (profile?.rejection_reason ?? null) : null,
  };
}
