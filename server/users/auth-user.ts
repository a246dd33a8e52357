import type { AuthUser } from '../../contracts/account';
import type { UserRow } from '../db/schema';

/** Where uploaded files are served from; avatar_path is relative to it. */
export const MEDIA_PREFIX = '/media/';

const bit = (value: number): 0 | 1 => (value ? 1 : 0);

/** The one serializer of the user object (contracts AuthUser, docs/product.md §3); nothing else leaves the server. */
export function toAuthUser(row: UserRow): AuthUser {
  const isArtist = row.type === 'artist';
  return {
    id: row.id,
    user_id: row.user_id,
    type: row.type,
    full_name: [row.first_name, row.middle_name, row.last_name].filter((part) => part && part.trim() !== '').join(' '),
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    email: row.email,
    avatar: row.avatar_path ? `${MEDIA_PREFIX}${row.avatar_path}` : null,
    contact_number: row.contact_number,
    country: row.country,
    dial_code: row.dial_code,
    app_status: isArtist ? row.app_status : null,
    application_progress: isArtist
      ? {
          personal_info: row.personal_info === 1,
          artist_info: row.artist_info === 1,
          payout_info: row.payout_info === 1,
          password_updated: row.password_updated === 1,
        }
      : null,
    is_first_time_login: bit(row.is_first_time_login),
    is_online: bit(row.is_online),
    featured_song_path: row.featured_song_path,
  };
}
