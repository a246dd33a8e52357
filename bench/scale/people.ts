import type { Row } from './bulk-writer';
import type { Random } from './random';

// The accounts of the scale data set: artists (mostly approved, some applications waiting) and customers.
// Names carry the search skew: a common fragment in about a third of them, a rare one in exactly one.

export const COMMON_FRAGMENT = 'santos';
export const RARE_FRAGMENT = 'zephyrine';
/**
 * The demo's rare fragment: in one person only, the demo customer, whose orders (the demo's five) it finds.
 * At scale RARE_FRAGMENT finds as many orders of one customer, so both sizes answer the same page.
 */
export const DEMO_RARE_FRAGMENT = 'customer@labsongs';

const firstNames = ['maria', 'jose', 'ana', 'juan', 'rosa', 'mark', 'joy', 'paolo', 'bea', 'carlo', 'liza', 'ramon'];
const lastNames = ['reyes', 'cruz', 'bautista', 'garcia', 'mendoza', 'torres', 'flores', 'villanueva', 'ramos'];
const stageWords = ['blue', 'echo', 'river', 'velvet', 'sunny', 'midnight', 'golden', 'quiet', 'bright', 'wild'];
const genres = ['pop', 'opm', 'rnb', 'acoustic', 'rock', 'jazz'];

export const userColumns = [
  'id',
  'user_id',
  'type',
  'email',
  'first_name',
  'last_name',
  'password_hash',
  'app_status',
  'personal_info',
  'artist_info',
  'payout_info',
  'is_first_time_login',
  'is_online',
  'stage_name',
  'created_at',
  'updated_at',
] as const;

export const profileColumns = [
  'user_id',
  'city',
  'bio',
  'genres',
  'vocal_type',
  'rate_centavos',
  'submitted_at',
  'reviewed_at',
  'created_at',
  'updated_at',
  'turnaround_days',
] as const;

export interface Artist {
  id: number;
  publicId: string;
  approved: boolean;
  rate: number;
}

// Accounts sign in by tokens issued directly; no one logs in with this hash.
const UNUSABLE_HASH = 'scrypt$bench$unusable';

const publicId = (id: number) => `sc${id.toString(36).padStart(10, '0')}`;

export function artistRows(
  random: Random,
  index: number,
  id: number,
  at: string,
): { artist: Artist; user: Row; profile: Row | null } {
  // Index 0 is the busiest artist: approved and online like the top of the catalogue.
  const roll = index === 0 ? 0 : random.next();
  const appStatus = roll < 0.9 ? 'approved' : roll < 0.95 ? 'for_review' : 'incomplete';
  const approved = appStatus === 'approved';
  const rate = 150_000 + random.int(8) * 25_000;
  const stage = `${random.pick(stageWords)} ${random.pick(stageWords)} ${index}`;
  const first = random.pick(firstNames);
  const last = index % 3 === 0 ? COMMON_FRAGMENT : random.pick(lastNames);
  const user: Row = [
    id,
    publicId(id),
    'artist',
    `artist.${first}.${last}.${index}@example.test`,
    first,
    last,
    UNUSABLE_HASH,
    appStatus,
    1,
    appStatus === 'incomplete' ? 0 : 1,
    appStatus === 'incomplete' ? 0 : 1,
    0,
    approved && (index === 0 || random.next() < 0.5) ? 1 : 0,
    stage,
    at,
    at,
  ];
  const profile: Row | null =
    appStatus === 'incomplete'
      ? null
      : [
          id,
          'Quezon City',
          'I write songs for the people you love.',
          JSON.stringify([random.pick(genres), random.pick(genres)]),
          random.next() < 0.5 ? 'female' : 'male',
          rate,
          at,
          approved ? at : null,
          at,
          at,
          // Standard turnarounds of 2 to 14 days; a tenth keep the platform default (null).
          random.next() < 0.1 ? null : 2 + random.int(13),
        ];
  return { artist: { id, publicId: publicId(id), approved, rate }, user, profile };
}

export function customerRow(random: Random, index: number, id: number, at: string): Row {
  const first = index === 1 ? RARE_FRAGMENT : random.pick(firstNames);
  const last = index % 3 === 0 ? COMMON_FRAGMENT : random.pick(lastNames);
  return [
    id,
    publicId(id),
    'user',
    `${first}.${last}.${index}@example.test`,
    first,
    last,
    UNUSABLE_HASH,
    null,
    1,
    0,
    0,
    0,
    0,
    null,
    at,
    at,
  ];
}
