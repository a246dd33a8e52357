import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect } from 'vitest';
import { encodeWav } from '../../server/db/synth';
import { newOrderReference } from '../../server/orders/orders.repository';
import type { StorageKind } from '../../server/services/storage';
import type { Harness } from './harness';
import { uniqueEmail } from './harness';
import { storedNamesOf } from './storage-fixtures';

// Bodies, files and shortcuts shared by the artist, admin, media and catalogue tests.

export const ARTIST_PASSWORD = 'Artist123!';

/** A real little WAV file (a 440 Hz tone) of about `seconds` seconds. */
export function wavBytes(seconds = 0.25): Buffer {
  const samples = new Float32Array(Math.round(22_050 * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / 22_050);
  return encodeWav(samples);
}

// The opening bytes of real files of each kind, as their writers lay them out.
const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** An EBML element (WebM): id bytes, a one-byte size, the payload. */
const ebml = (id: number[], ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
};
/** A WebM (Matroska "webm") header whose Tracks declare `trackTypes` (1 video, 2 audio), then a Cluster. */
function webmHead(trackTypes: number[]): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], Buffer.from([1])),
    ebml([0x42, 0xf7], Buffer.from([1])),
    ebml([0x42, 0xf2], Buffer.from([4])),
    ebml([0x42, 0xf3], Buffer.from([8])),
    ebml([0x42, 0x82], ascii('webm')),
    ebml([0x42, 0x87], Buffer.from([4])),
    ebml([0x42, 0x85], Buffer.from([2])),
  );
  const unknownSize = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const info = ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    ...trackTypes.map((type, i) =>
      ebml(
        [0xae],
        ebml([0xd7], Buffer.from([i + 1])),
        ebml([0x73, 0xc5], Buffer.from([i + 1])),
        ebml([0x83], Buffer.from([type])),
        ebml([0x86], ascii(type === 2 ? 'A_OPUS' : 'V_VP9')),
      ),
    ),
  );
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, ...unknownSize]);
  const cluster = Buffer.from([0x1f, 0x43, 0xb6, 0x75, ...unknownSize]);
  return Buffer.concat([header, segment, info, tracks, cluster]);
}
/** An Ogg first page (header type 2, one segment) carrying `packet`. */
const oggHead = (packet: Buffer) =>
  Buffer.concat([
    ascii('OggS'),
    Buffer.from([0, 2]),
    Buffer.alloc(8),
    u32(0x1234),
    u32(0),
    u32(0),
    Buffer.from([1, packet.length]),
    packet,
  ]);
/** An ISO media file's ftyp box: major brand, then compatible brands. */
const ftyp = (...brands: string[]) =>
  Buffer.concat([
    u32(16 + 4 * (brands.length - 1)),
    ascii('ftyp'),
    ascii(brands[0] as string),
    u32(0),
    ascii(brands.slice(1).join('')),
  ]);
/** An ISO media box: size, type, payload. */
const isoBox = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), ascii(type), body]);
};
/** A track whose handler is `handler` ('soun', 'vide'): trak → mdia → hdlr. */
const isoTrack = (handler: string) =>
  isoBox('trak', isoBox('mdia', isoBox('hdlr', Buffer.alloc(8), ascii(handler), Buffer.alloc(12), Buffer.from([0]))));
const pngChunk = (type: string, data: Buffer) =>
  Buffer.concat([u32(data.length), ascii(type), data, u32(crc32(Buffer.concat([ascii(type), data])))]);

const heads = {
  'mp3-id3': Buffer.concat([
    ascii('ID3\x04\x00\x00\x00\x00\x00\x0a'),
    Buffer.alloc(10),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  ]),
  'mp3-frame': Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  ogg: oggHead(
    Buffer.concat([
      ascii('\x01vorbis'),
      u32(0),
      Buffer.from([2, 0x44, 0xac, 0, 0]),
      Buffer.alloc(12),
      Buffer.from([0xb8, 1]),
    ]),
  ),
  opus: oggHead(Buffer.concat([ascii('OpusHead'), Buffer.from([1, 2, 0x38, 1, 0x80, 0xbb, 0, 0, 0, 0, 0])])),
  flac: Buffer.concat([ascii('fLaC'), Buffer.from([0x80, 0, 0, 0x22])]),
  m4a: ftyp('M4A ', 'M4A ', 'mp42', 'isom'),
  // A voice clip as Safari's MediaRecorder writes it: a general brand, a moov with one sound track.
  'mp4-audio': Buffer.concat([ftyp('iso5', 'iso5', 'iso6', 'mp41'), isoBox('moov', isoTrack('soun'))]),
  webm: webmHead([2]),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    ascii('JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00'),
  ]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.concat([u32(4), u32(3), Buffer.from([8, 6, 0, 0, 0])])),
    u32(64),
    ascii('IDAT'),
  ]),
  webp: ascii('RIFF\x00\x10\x00\x00WEBPVP8 '),
  // Refused: what phones record and shoot besides sound, and files that are neither.
  heic: ftyp('heic', 'mif1', 'heic'),
  'mp4-video': ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'),
  'mp4-with-video': Buffer.concat([
    ftyp('iso5', 'iso5', 'iso6', 'mp41'),
    isoBox('moov', isoTrack('soun'), isoTrack('vide')),
  ]),
  'webm-video': webmHead([1, 2]),
  'ogg-video': oggHead(Buffer.concat([ascii('\x80theora'), Buffer.from([3, 2, 1])])),
  exe: ascii('MZ\x90\x00\x03\x00\x00\x00\x04\x00'),
};

/** Bytes that start with a format's real header, padded with random bytes to `size`. */
export function fileWithMagic(kind: keyof typeof heads | 'text', size = 4096): Buffer {
  if (kind === 'text') return Buffer.from('not a song\n'.repeat(Math.ceil(size / 11)).slice(0, size));
  const head = heads[kind];
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

const blobOf = (bytes: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });

/** A valid application's text fields; override any to test it. */
/** Stage names are unique (server/artists/stage-names.ts): each body asks for a new one. */
let stageNames = 0;
const newStageName = () => `Lara M ${++stageNames}`;

export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Lara',
    last_name: 'Mendoza',
    stage_name: newStageName(),
    email: uniqueEmail('apply'),
    contact_number: '917 555 0101',
    country: 'PH',
    dial_code: '+63',
    links: 'https://example.com/lara https://example.org/lara-live',
    pitch: 'I sing soulful pop and write lyrics for every occasion.',
    accept_terms: 'true',
    ...overrides,
  };
}

export function formOf(
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name: string; type?: string }> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, blobOf(file.bytes, file.type), file.name);
  return form;
}

export const personalBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Lara',
  middle_name: 'Santos',
  last_name: 'Mendoza',
  contact_number: '917 555 0101',
  country: 'PH',
  dial_code: '+63',
  city: 'Makati',
  birthdate: '1995-04-20',
  ...overrides,
});

export const artistInfoBody = (overrides: Record<string, unknown> = {}) => ({
  stage_name: newStageName(),
  bio: 'Soulful pop singer from Makati who writes heartfelt songs for birthdays and weddings.',
  genres: ['pop', 'rnb'],
  vocal_type: 'female',
  rate: 3000,
  ...overrides,
});

export const bankBody = (overrides: Record<string, unknown> = {}) => ({
  bank_name: 'BDO',
  account_name: 'Lara Mendoza',
  account_number: '0012-3456-7890',
  ...overrides,
});

/** Names currently stored under a kind, asked of the storage (local folder or bucket). */
export function storedFiles(h: Harness, kind: StorageKind = 'songs'): Promise<string[]> {
  return storedNamesOf(h.storage, kind);
}

/** Uploads a sample song as the artist and returns its ArtistSong. */
export async function uploadSong(h: Harness, token: string, title = 'My song', bytes = wavBytes()) {
  const answer = await h.upload(
    '/api/v1/artist/profile/upload/song',
    formOf({ title }, { file: { bytes, name: 'song.wav', type: 'audio/wav' } }),
    { token },
  );
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as { source: string; url: string; title: string; size: number; mime: string };
}

export interface ArtistAccount {
  id: number;
  user_id: string;
  email: string;
  token: string;
}

/**
 * An artist created directly in the database with the given status and flags, logged in. `complete`
 * sets the four parts; pass `song` to give them a sample through the API.
 */
export async function makeArtist(
  h: Harness,
  options: {
    status?: 'incomplete' | 'for_review' | 'approved' | 'rejected';
    complete?: boolean;
    online?: boolean;
    stageName?: string;
    song?: boolean;
  } = {},
): Promise<ArtistAccount> {
  const email = uniqueEmail('artist');
  const complete = options.complete ?? options.status !== 'incomplete';
  const user = await h.createAccount({
    type: 'artist',
    email,
    password: ARTIST_PASSWORD,
    first_name: 'Art',
    last_name: 'Ist',
    stage_name: options.stageName ?? `Stage ${email.split('@')[0]}`,
    app_status: options.status ?? 'approved',
    progress: complete
      ? { personal_info: true, artist_info: true, payout_info: true, password_updated: true }
      : undefined,
    is_online: options.online ?? false,
  });
  const token = await h.login('artist', email, ARTIST_PASSWORD);
  if (options.song) await uploadSong(h, token);
  return { id: user.id, user_id: user.user_id, email, token };
}

/** A signed-in admin. */
export async function makeAdmin(h: Harness): Promise<{ id: number; token: string }> {
  const email = uniqueEmail('admin');
  const user = await h.createAccount({ type: 'admin', email, password: 'Admin123!' });
  return { id: user.id, token: await h.login('admin', email, 'Admin123!') };
}

/** A signed-in customer. */
export async function makeCustomer(h: Harness): Promise<{ id: number; email: string; token: string }> {
  const email = uniqueEmail('customer');
  const user = await h.createAccount({ type: 'user', email, password: 'Customer123!' });
  return { id: user.id, email, token: await h.login('user', email, 'Customer123!') };
}

/**
 * A completed order of `artistId` for `customerId`, written straight into the table, then rated `stars`
 * (null: not rated) in a second write, as the rating endpoint does: the summaries, the catalogue's cards
 * and its version follow updates, so a rating written with the insert would not test them.
 */
export async function completedOrder(
  h: Harness,
  input: { customerId: number; artistId: number; stars: number | null; occasion?: string; at?: string },
): Promise<number> {
  const at = input.at ?? h.clock.now().toISOString();
  const order = await h.database.db
    .insertInto('orders')
    .values({
      reference: newOrderReference(),
      customer_id: input.customerId,
      status: 'completed',
      price_centavos: 250_000,
      platform_fee_centavos: 50_000,
      occasion_name: input.occasion ?? 'birthday',
      recipient_first_name: 'Lola',
      needed_by: '2030-02-01',
      brief: '{}',
      created_at: at,
      updated_at: at,
      paid_at: at,
      artist_id: input.artistId,
      completed_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.stars !== null)
    await h.database.db
      .updateTable('orders')
      .set({ rating: input.stars, review: `${input.stars} stars, order ${order.id}`, rated_at: at })
      .where('id', '=', order.id)
      .execute();
  return order.id;
}
