import type { ApplicationDetail, ApplicationSummary } from '../../contracts/artist';
import { genresOf, linksOf, rateOf, toArtistSong, vocalTypeOf } from '../artists/artist.serializers';
import type { ArtistProfileRow, ArtistSongRow, UserRow } from '../db/schema';
import type { MediaSigner } from '../media/signed-url';
import { toAuthUser } from '../users/auth-user';

export function toApplicationSummary(user: UserRow, profile: ArtistProfileRow | undefined): ApplicationSummary {
  const auth = toAuthUser(user);
  return {
    id: user.id,
    user_id: user.user_id,
    full_name: auth.full_name,
    stage_name: user.stage_name,
    email: user.email,
    app_status: user.app_status ?? 'incomplete',
    application_progress: auth.application_progress ?? {
      personal_info: false,
      artist_info: false,
      payout_info: false,
      password_updated: false,
    },
    created_at: user.created_at,
    submitted_at: profile?.submitted_at ?? null,
  };
}

export interface ApplicationDetailParts {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
  songs: ArtistSongRow[];
  /** Whether payout details are on file; the details themselves never reach the console. */
  payoutComplete: boolean;
}

export function toApplicationDetail(parts: ApplicationDetailParts, media: MediaSigner): ApplicationDetail {
  const { user, profile, songs } = parts;
  return {
    ...toApplicationSummary(user, profile),
    contact_number: user.contact_number,
    dial_code: user.dial_code,
    country: user.country,
    city: profile?.city ?? null,
    links: linksOf(profile),
    pitch: profile?.pitch ?? null,
    bio: profile?.bio ?? null,
    genres: genresOf(profile),
    vocal_type: vocalTypeOf(profile),
    rate: rateOf(profile),
    songs: songs.map((song) => toArtistSong(song, user.featured_song_path, media)),
    payout_complete: parts.payoutComplete,
    rejection_reason: profile?.rejection_reason ?? null,
  };
}
