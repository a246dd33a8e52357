// Shared fixtures: unsigned JWT-shaped tokens (the session only decodes) and users of both kinds.
import type { AuthUser } from '../../contracts/account';

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A three-part token whose payload carries `exp` (seconds) = now + `secondsFromNow`. */
export function makeToken(secondsFromNow: number, sub = '1', nowMs = Date.now()): string {
  const exp = Math.floor(nowMs / 1000) + secondsFromNow;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub, exp, jti: `${sub}-${exp}` })}.${b64url('signature')}`;
}

export function tokenWithPayload(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  return `${b64url(header)}.${b64url(payload)}.${b64url('signature')}`;
}

const baseUser: AuthUser = {
  id: 1,
  user_id: 'U-0001',
  type: 'user',
  full_name: 'Ann Reyes',
  first_name: 'Ann',
  middle_name: null,
  last_name: 'Reyes',
  email: 'ann@example.com',
  avatar: null,
  contact_number: '9171234567',
  country: 'PH',
  dial_code: '+63',
  app_status: null,
  application_progress: null,
  is_first_time_login: 0,
  is_online: 0,
  featured_song_path: null,
};

export const customer: AuthUser = baseUser;

export const artist: AuthUser = {
  ...baseUser,
  id: 2,
  user_id: 'A-0002',
  type: 'artist',
  full_name: 'Ben Cruz',
  first_name: 'Ben',
  last_name: 'Cruz',
  email: 'ben@example.com',
  app_status: 'approved',
  application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
  is_first_time_login: 1,
};

export const socialCustomer: AuthUser = {
  ...baseUser,
  id: 3,
  user_id: 'U-0003',
  full_name: 'Cy Diaz',
  first_name: 'Cy',
  last_name: 'Diaz',
  email: 'cy@example.com',
};

/** What a validation failure from the API rejects with (src/api/errors.ts ApiError). */
export function validationError(errors: Record<string, string[]>, message = 'The given data was invalid.') {
  return { status: 422, message, errors };
}
