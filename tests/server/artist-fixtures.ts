import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { encodeWav } from '../../server/db/synth';
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

/** Bytes that start with a format's signature, padded with random bytes to `size`. */
export function fileWithMagic(
  kind: 'mp3-id3' | 'mp3-frame' | 'ogg' | 'flac' | 'm4a' | 'webm' | 'jpeg' | 'png' | 'webp' | 'exe' | 'text',
  size = 4096,
): Buffer {
  const heads: Record<string, Buffer> = {
    'mp3-id3': Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
    'mp3-frame': Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    ogg: Buffer.from('OggS\x00\x02', 'latin1'),
    flac: Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'),
    m4a: Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1'),
    webm: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    webp: Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'),
    exe: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'),
    text: Buffer.from('Hello, this is not a song at all, just words.\n', 'latin1'),
  };
  const head = heads[kind] as Buffer;
  if (kind === 'text') return Buffer.from('not a song\n'.repeat(Math.ceil(size / 11)).slice(0, size));
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

export const blobOf = (bytes: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });

/** A valid application's text fields; override any to test it. */
export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    first_name: 'Lara',
    last_name: 'Mendoza',
    stage_name: 'Lara M',
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
  stage_name: 'Lara M',
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
