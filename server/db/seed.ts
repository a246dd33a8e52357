import type { Kysely } from 'kysely';
import type { AccountType } from '../../contracts/account';
import type { Genre, VocalType } from '../../contracts/options';
import { savePayout, saveProfile } from '../artists/artists.repository';
import { insertSong } from '../artists/songs.repository';
import type { PasswordHasher } from '../services/passwords';
import type { PayoutCipher } from '../services/payout-cipher';
import { newStoredName, type Storage } from '../services/storage';
import { createAccount, type NewAccount } from '../users/accounts';
import { countUsers, updateUser } from '../users/users.repository';
import { isUniqueViolation } from './database';
import { type PortraitSpec, renderPortrait } from './portraits';
import type { DB } from './schema';
import { synthesizeWav, type Tune } from './synth';

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

interface DemoSong {
  title: string;
  tune: Tune;
}

interface DemoArtist {
  first_name: string;
  last_name: string;
  stage_name: string;
  country: string;
  dial_code: string;
  city: string;
  birthdate: string;
  bio: string;
  genres: Genre[];
  vocal_type: VocalType;
  /** Whole pesos. */
  rate: number;
  links: string[];
  bank: { bank_name: string; account_number: string };
  songs: DemoSong[];
  /** The photo drawn for them at seed time (server/db/portraits.ts). */
  portrait: PortraitSpec;
}

const approvedArtists: DemoArtist[] = [
  {
    first_name: 'Ana',
    last_name: 'Reyes',
    stage_name: 'Ana Reyes',
    country: 'PH',
    dial_code: '+63',
    city: 'Quezon City',
    birthdate: '1994-03-12',
    bio: 'Pop and OPM singer-songwriter from Quezon City. I write warm, hopeful songs for birthdays, weddings and every kind of thank-you.',
    genres: ['pop', 'opm', 'ballad'],
    vocal_type: 'female',
    rate: 2500,
    links: ['https://example.com/ana-reyes'],
    bank: { bank_name: 'BDO', account_number: '001234567890' },
    portrait: { seed: 101, hues: [330, 30], prop: 'mic', hair: 'long' },
    songs: [
      {
        title: 'Sunday Morning',
        tune: { tempo: 104, root: 60, scale: 'major', progression: [0, 4, 5, 3], bars: 6, seed: 11, brightness: 0.2 },
      },
      {
        title: 'Ikaw Lang',
        tune: { tempo: 76, root: 62, scale: 'major', progression: [0, 5, 3, 4], bars: 4, seed: 12, brightness: 0.1 },
      },
    ],
  },
  {
    first_name: 'Miguel',
    last_name: 'Cruz',
    stage_name: 'Migs',
    country: 'PH',
    dial_code: '+63',
    city: 'Cebu City',
    birthdate: '1990-08-02',
    bio: 'Acoustic guitar and a voice that fits a quiet evening. I love turning your story into a simple, honest song.',
    genres: ['acoustic', 'opm'],
    vocal_type: 'male',
    rate: 1800,
    links: ['https://example.com/migs'],
    bank: { bank_name: 'GCash', account_number: '09171234567' },
    portrait: { seed: 202, hues: [30, 200], prop: 'guitar', hair: 'short' },
    songs: [
      {
        title: 'Harana',
        tune: { tempo: 92, root: 57, scale: 'minor', progression: [0, 5, 2, 6], bars: 5, seed: 21, brightness: 0.45 },
      },
      {
        title: 'Lakad',
        tune: {
          tempo: 118,
          root: 55,
          scale: 'pentatonic',
          progression: [0, 3, 0, 4],
          bars: 6,
          seed: 22,
          brightness: 0.6,
        },
      },
    ],
  },
  {
    first_name: 'Liza',
    last_name: 'Ramos',
    stage_name: 'Liza Sings',
    country: 'PH',
    dial_code: '+63',
    city: 'Davao City',
    birthdate: '1997-11-25',
    bio: 'R&B and soul with a bit of gospel. Anniversaries and love songs are my favourite commissions.',
    genres: ['rnb', 'pop', 'gospel'],
    vocal_type: 'female',
    rate: 3200,
    links: ['https://example.com/liza-sings', 'https://example.org/liza'],
    bank: { bank_name: 'BPI', account_number: '3456789012' },
    portrait: { seed: 303, hues: [280, 190], prop: 'mic', hair: 'curly' },
    songs: [
      {
        title: 'Slow Dance',
        tune: {
          tempo: 84,
          root: 58,
          scale: 'dorian',
          progression: [0, 3, 1, 4],
          bars: 5,
          seed: 31,
          brightness: 0.3,
          walkingBass: true,
        },
      },
    ],
  },
  {
    first_name: 'Jonas',
    last_name: 'Weber',
    stage_name: 'Jonas & Strings',
    country: 'DE',
    dial_code: '+49',
    city: 'Berlin',
    birthdate: '1988-05-30',
    bio: 'A string trio led by Jonas: classical colour, acoustic warmth, a touch of jazz. Ideal for weddings and milestones.',
    genres: ['classical', 'acoustic', 'jazz'],
    vocal_type: 'group',
    rate: 4500,
    links: ['https://example.com/jonas-strings'],
    bank: { bank_name: 'Deutsche Bank', account_number: '12345678901234' },
    portrait: { seed: 404, hues: [45, 210], people: 3, hair: 'short' },
    songs: [
      {
        title: 'Waltz for Two',
        tune: { tempo: 96, root: 62, scale: 'major', progression: [0, 3, 4, 0], bars: 6, seed: 41, brightness: 0 },
      },
      {
        title: 'Evening Canon',
        tune: { tempo: 70, root: 55, scale: 'major', progression: [0, 4, 5, 2], bars: 4, seed: 42, brightness: 0.15 },
      },
    ],
  },
  {
    first_name: 'Claire',
    last_name: 'Dubois',
    stage_name: 'Claire de Lune',
    country: 'FR',
    dial_code: '+33',
    city: 'Lyon',
    birthdate: '1992-01-18',
    bio: 'Jazz ballads sung in English and French. I bring late-night warmth to love letters and farewells.',
    genres: ['jazz', 'ballad'],
    vocal_type: 'female',
    rate: 3800,
    links: ['https://example.com/claire-de-lune'],
    bank: { bank_name: 'Crédit Agricole', account_number: '76543210987' },
    portrait: { seed: 505, hues: [220, 330], prop: 'mic', hair: 'bun' },
    songs: [
      {
        title: 'Rue des Étoiles',
        tune: {
          tempo: 88,
          root: 57,
          scale: 'dorian',
          progression: [0, 3, 6, 2],
          bars: 5,
          seed: 51,
          brightness: 0.25,
          walkingBass: true,
        },
      },
    ],
  },
  {
    first_name: 'Sam',
    last_name: 'Carter',
    stage_name: 'Sam Carter Band',
    country: 'US',
    dial_code: '+1',
    city: 'Nashville',
    birthdate: '1985-07-04',
    bio: 'A four-piece country and rock band from Nashville. Big choruses for birthdays, road trips and celebrations.',
    genres: ['country', 'rock'],
    vocal_type: 'group',
    rate: 5000,
    links: ['https://example.com/sam-carter-band'],
    bank: { bank_name: 'Chase', account_number: '987654321' },
    portrait: { seed: 606, hues: [15, 45], people: 2, prop: 'guitar', hair: 'short' },
    songs: [
      {
        title: 'Open Road',
        tune: {
          tempo: 126,
          root: 52,
          scale: 'mixolydian',
          progression: [0, 6, 3, 0],
          bars: 8,
          seed: 61,
          brightness: 0.9,
        },
      },
      {
        title: 'Porch Light',
        tune: { tempo: 100, root: 55, scale: 'major', progression: [0, 3, 0, 4], bars: 6, seed: 62, brightness: 0.7 },
      },
    ],
  },
];
const ONLINE_ARTISTS = 4;

/** An artist whose four parts are done and who waits in the admin queue. */
const reviewArtist: DemoArtist = {
  first_name: 'Rico',
  last_name: 'Valdez',
  stage_name: 'Rico V',
  country: 'PH',
  dial_code: '+63',
  city: 'Manila',
  birthdate: '1999-09-09',
  bio: 'Rapper and R&B singer from Manila. Personal verses for birthdays, graduations and shout-outs to the crew.',
  genres: ['hiphop', 'rnb'],
  vocal_type: 'male',
  rate: 1500,
  links: ['https://example.com/rico-v'],
  bank: { bank_name: 'Maya', account_number: '09998887777' },
  portrait: { seed: 707, hues: [190, 300], prop: 'mic', hair: 'short' },
  songs: [
    {
      title: 'Corner Store',
      tune: {
        tempo: 90,
        root: 53,
        scale: 'minor',
        progression: [0, 5, 3, 4],
        bars: 4,
        seed: 71,
        brightness: 0.55,
        walkingBass: true,
      },
    },
  ],
};

const newArtistSample: DemoSong = {
  title: 'Application sample',
  tune: { tempo: 110, root: 60, scale: 'pentatonic', progression: [0, 2, 3, 0], bars: 4, seed: 81, brightness: 0.35 },
};

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
  {
    label: `Artist "${reviewArtist.stage_name}" (waiting for review)`,
    area: 'artist',
    email: 'review@labsongs.test',
    password: ARTIST_PASSWORD,
  },
];

const allProgress = { personal_info: true, artist_info: true, payout_info: true, password_updated: true };

export interface SeedDeps {
  db: Kysely<DB>;
  passwords: PasswordHasher;
  storage: Storage;
  payouts: PayoutCipher;
  now: Date;
}

interface StoredSample {
  title: string;
  file_key: string;
  size: number;
}

/** Fills an empty database with demo accounts; does nothing when any account exists. Returns whether it seeded. */
export async function seedDemoData({ db, passwords, storage, payouts, now }: SeedDeps): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  // Hashing is the slow part: once per distinct password (the artists share one), before the transaction.
  const [customerHash, adminHash, artistHash] = await Promise.all(
    [CUSTOMER_PASSWORD, ADMIN_PASSWORD, ARTIST_PASSWORD].map((password) => passwords.hash(password)),
  );
  // Files first (outside the transaction); they are deleted again if the transaction does not commit.
  const written: { kind: 'songs' | 'avatars'; name: string }[] = [];
  const store = async (song: DemoSong): Promise<StoredSample> => {
    const wav = synthesizeWav(song.tune);
    const file_key = newStoredName('wav');
    await storage.write('songs', file_key, wav);
    written.push({ kind: 'songs', name: file_key });
    return { title: song.title, file_key, size: wav.length };
  };
  // Photos are drawn here, not downloaded: the seed needs no network. Stored and served like uploads.
  const photo = async (artist: DemoArtist): Promise<string> => {
    const name = newStoredName('webp');
    await storage.write('avatars', name, await renderPortrait(artist.portrait));
    written.push({ kind: 'avatars', name });
    return `avatars/${name}`;
  };

  try {
    const approvedSamples: StoredSample[][] = [];
    for (const artist of approvedArtists) approvedSamples.push(await Promise.all(artist.songs.map(store)));
    const reviewSamples = await Promise.all(reviewArtist.songs.map(store));
    const newArtistSamples = [await store(newArtistSample)];
    const approvedPhotos = await Promise.all(approvedArtists.map(photo));
    const reviewPhoto = await photo(reviewArtist);

    await db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      await createAccount(
        trx,
        passwords,
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
        now,
      );
      await createAccount(
        trx,
        passwords,
        { type: 'admin', email: 'admin@labsongs.test', passwordHash: adminHash, first_name: 'Lab', last_name: 'Admin' },
        now,
      );

      const addArtist = async (
        artist: DemoArtist,
        account: Partial<NewAccount> & { email: string },
        samples: StoredSample[],
        featured: boolean,
        avatarPath: string,
      ) => {
        const user = await createAccount(
          trx,
          passwords,
          {
            type: 'artist',
            passwordHash: artistHash,
            first_name: artist.first_name,
            last_name: artist.last_name,
            stage_name: artist.stage_name,
            country: artist.country,
            dial_code: artist.dial_code,
            progress: allProgress,
            ...account,
          },
          now,
        );
        await saveProfile(
          trx,
          user.id,
          {
            city: artist.city,
            birthdate: artist.birthdate,
            bio: artist.bio,
            genres: JSON.stringify(artist.genres),
            vocal_type: artist.vocal_type,
            rate_centavos: artist.rate * 100,
            links: JSON.stringify(artist.links),
            pitch: `${artist.bio.split('.')[0]}.`,
            submitted_at: at,
            reviewed_at: account.app_status === 'approved' ? at : null,
          },
          now,
        );
        await savePayout(
          trx,
          user.id,
          {
            bank_name: artist.bank.bank_name,
            account_name: `${artist.first_name} ${artist.last_name}`,
            account_number_enc: payouts.encrypt(artist.bank.account_number),
            account_last4: artist.bank.account_number.slice(-4),
          },
          now,
        );
        const songs = [];
        for (const sample of samples) {
          songs.push(await insertSong(trx, { user_id: user.id, ...sample, mime: 'audio/wav', created_at: at }));
        }
        await updateUser(trx, user.id, {
          avatar_path: avatarPath,
          ...(featured && songs[0] ? { featured_song_path: songs[0].source } : {}),
        });
      };

      for (const [index, artist] of approvedArtists.entries()) {
        await addArtist(
          artist,
          {
            email: `artist${index + 1}@labsongs.test`,
            contact_number: `91700000${String(index + 1).padStart(2, '0')}`,
            app_status: 'approved',
            is_online: index < ONLINE_ARTISTS,
          },
          approvedSamples[index] ?? [],
          true,
          approvedPhotos[index] as string,
        );
      }

      // Just applied: the application's links, pitch and sample, none of the four parts yet.
      const newArtist = await createAccount(
        trx,
        passwords,
        {
          type: 'artist',
          email: 'newartist@labsongs.test',
          passwordHash: artistHash,
          first_name: 'Nico',
          last_name: 'Bautista',
          stage_name: 'Nico B',
          contact_number: '9171112233',
          country: 'PH',
          dial_code: '+63',
          app_status: 'incomplete',
        },
        now,
      );
      await saveProfile(
        trx,
        newArtist.id,
        {
          links: JSON.stringify(['https://example.com/nico-b']),
          pitch: 'Indie-pop singer from Iloilo who writes songs for friends and family.',
        },
        now,
      );
      for (const sample of newArtistSamples) {
        await insertSong(trx, { user_id: newArtist.id, ...sample, mime: 'audio/wav', created_at: at });
      }

      await addArtist(
        reviewArtist,
        { email: 'review@labsongs.test', contact_number: '9170000099', app_status: 'for_review' },
        reviewSamples,
        false,
        reviewPhoto,
      );
    });
  } catch (error) {
    await Promise.all(written.map((file) => storage.remove(file.kind, file.name)));
    // Another process seeded the same empty database at the same moment: its data is as good as ours.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}
