import type { Kysely } from 'kysely';
import type { AccountType } from '../../contracts/auth';
import type { PasswordHasher } from '../services/passwords';
import { createAccount, type NewAccount } from '../users/accounts';
import { countUsers } from '../users/users.repository';
import { isUniqueViolation } from './database';
import type { DB } from './schema';

export interface DemoLogin {
  label: string;
  /** Which login page to use: `user` is the customer login, `artist` /artist/login, `admin` the console. */
  area: AccountType;
  email: string;
  password: string;
}

const CUSTOMER_PASSWORD = 'Customer123!';
const ADMIN_PASSWORD = 'Admin123!';
const ARTIST_PASSWORD = 'Artist123!';

const approvedArtists = [
  { first_name: 'Ana', last_name: 'Reyes', stage_name: 'Ana Reyes', country: 'PH', dial_code: '+63' },
  { first_name: 'Miguel', last_name: 'Cruz', stage_name: 'Migs', country: 'PH', dial_code: '+63' },
  { first_name: 'Liza', last_name: 'Ramos', stage_name: 'Liza Sings', country: 'PH', dial_code: '+63' },
  { first_name: 'Jonas', last_name: 'Weber', stage_name: 'Jonas & Strings', country: 'DE', dial_code: '+49' },
  { first_name: 'Claire', last_name: 'Dubois', stage_name: 'Claire de Lune', country: 'FR', dial_code: '+33' },
  { first_name: 'Sam', last_name: 'Carter', stage_name: 'Sam Carter Band', country: 'US', dial_code: '+1' },
];
const ONLINE_ARTISTS = 4;

/** The accounts the demo seed creates, printed at start (server/main.ts) and listed in the README. */
export const demoLogins: readonly DemoLogin[] = [
  { label: 'Customer (Maria Santos)', area: 'user', email: 'customer@labsongs.test', password: CUSTOMER_PASSWORD },
  { label: 'Admin', area: 'admin', email: 'admin@labsongs.test', password: ADMIN_PASSWORD },
  ...approvedArtists.map((artist, index) => ({
    label: `Artist "${artist.stage_name}" (approved${index < ONLINE_ARTISTS ? ', online' : ''})`,
    area: 'artist' as const,
    email: `artist${index + 1}@labsongs.test`,
    password: ARTIST_PASSWORD,
  })),
  {
    label: 'Artist with an incomplete application',
    area: 'artist',
    email: 'newartist@labsongs.test',
    password: ARTIST_PASSWORD,
  },
];

const allProgress = { personal_info: true, artist_info: true, payout_info: true, password_updated: true };

/** Fills an empty database with demo accounts; does nothing when any account exists. Returns whether it seeded. */
export async function seedDemoData(db: Kysely<DB>, passwords: PasswordHasher, now: Date): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  // Hashing is the slow part: once per distinct password (the artists share one), before the transaction.
  const [customerHash, adminHash, artistHash] = await Promise.all(
    [CUSTOMER_PASSWORD, ADMIN_PASSWORD, ARTIST_PASSWORD].map((password) => passwords.hash(password)),
  );
  const accounts: NewAccount[] = [
    {
      type: 'user',
      email: 'customer@labsongs.test',
      passwordHash: customerHash,
      first_name: 'Maria',
      last_name: 'Santos',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
    },
    { type: 'admin', email: 'admin@labsongs.test', passwordHash: adminHash, first_name: 'Lab', last_name: 'Admin' },
    ...approvedArtists.map(
      (artist, index): NewAccount => ({
        type: 'artist',
        email: `artist${index + 1}@labsongs.test`,
        passwordHash: artistHash,
        ...artist,
        contact_number: `91700000${String(index + 1).padStart(2, '0')}`,
        app_status: 'approved',
        progress: allProgress,
        is_online: index < ONLINE_ARTISTS,
      }),
    ),
    {
      type: 'artist',
      email: 'newartist@labsongs.test',
      passwordHash: artistHash,
      first_name: 'Nico',
      last_name: 'Bautista',
      country: 'PH',
      dial_code: '+63',
      app_status: 'incomplete',
    },
  ];
  try {
    await db.transaction().execute(async (trx) => {
      for (const account of accounts) await createAccount(trx, passwords, account, now);
    });
  } catch (error) {
    // Another process seeded the same empty database at the same moment: its data is as good as ours.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
