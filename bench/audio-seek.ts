import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { insertSong } from '../server/artists/songs.repository';
import { loadConfig } from '../server/config';
import { createMediaSigner } from '../server/media/signed-url';
import { startServer } from '../server/server';
import { createStorage } from '../server/services/storage';

export interface AudioSeekBench {
  fileBytes: number;
  runs: number;
  /** Median time to the first body byte of `Range: bytes=<middle>-` (206), as the player's seek asks. */
  seekFirstByteMs: number;
  /** Median time to the first body byte of the whole file (200). */
  wholeFirstByteMs: number;
  /** Median time to read the whole file: what a seek would cost without Range. */
  wholeReadMs: number;
  /** Status and Content-Range of the seek answer, to show the server really answered the range. */
  seekAnswer: { status: number; contentRange: string | null };
}

export interface AudioSeekBenchOptions {
  /** File size in bytes (50 MB by default). */
  bytes?: number;
  runs?: number;
}

/** A WAV header in front of `bytes` of quiet noise: a valid audio file of the size asked. */
function bigWav(bytes: number): Uint8Array {
  const data = new Uint8Array(bytes);
  const view = new DataView(data.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  const sampleRate = 44_100;
  ascii(0, 'RIFF');
  view.setUint32(4, bytes - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, bytes - 44, true);
  let x = 1;
  for (let i = 44; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    data[i] = 128 + ((x >>> 24) % 8) - 4;
  }
  return data;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

/** Time to the first body chunk (then drops the rest), or to the end of the body when `readAll`. */
async function timeRequest(url: string, headers: Record<string, string>, readAll: boolean) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body (${response.status})`);
  const first = await reader.read();
  const firstByteMs = performance.now() - started;
  if (first.done) throw new Error(`empty body (${response.status})`);
  let bytes = first.value.byteLength;
  if (readAll) {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  } else {
    await reader.cancel();
  }
  return {
    firstByteMs,
    totalMs: performance.now() - started,
    bytes,
    status: response.status,
    contentRange: response.headers.get('content-range'),
  };
}

/**
 * Starts the real server in-process (seeded SQLite in a temp dir, loopback, free port), stores a
 * 50 MB WAV through its storage as an artist's sample, and asks for it through a signed
 * /media/audio URL: a Range request into the middle (a seek) against reading the whole file.
 */
export async function benchAudioSeek(options: AudioSeekBenchOptions = {}): Promise<AudioSeekBench> {
  const fileBytes = options.bytes ?? 50 * 1024 * 1024;
  const runs = options.runs ?? 20;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-bench-audio-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { port: 0, staticRoot: null });
  try {
    const { database, jwtSecret, clock } = server.deps;
    const storage = server.deps.storage ?? createStorage(path.join(config.dataDir, 'uploads'));
    const artist = await database.db
      .selectFrom('users')
      .select('id')
      .where('type', '=', 'artist')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const fileKey = await storage.write('songs', 'wav', bigWav(fileBytes));
    const song = await insertSong(database.db, {
      user_id: artist.id,
      title: 'Bench: 50 MB sample',
      file_key: fileKey,
      mime: 'audio/wav',
      size: fileBytes,
      created_at: new Date(clock.now()).toISOString(),
    });
    const signer = createMediaSigner({ jwtSecret, clock, ttlSeconds: 3600 });
    const url = `${server.url}${signer.audioUrl(song.source)}`;
    const middle = Math.floor(fileBytes / 2);

    // One of each first, so connection set-up and the first disk read are not in the figures.
    const warm = await timeRequest(url, { Range: `bytes=${middle}-` }, false);
    if (warm.status !== 206) throw new Error(`a Range request answered ${warm.status}, not 206`);
    await timeRequest(url, {}, true);

    const seek: number[] = [];
    const wholeFirst: number[] = [];
    const wholeRead: number[] = [];
    for (let i = 0; i < runs; i++) {
      seek.push((await timeRequest(url, { Range: `bytes=${middle}-` }, false)).firstByteMs);
      const whole = await timeRequest(url, {}, true);
      if (whole.bytes !== fileBytes) throw new Error(`read ${whole.bytes} of ${fileBytes} bytes`);
      wholeFirst.push(whole.firstByteMs);
      wholeRead.push(whole.totalMs);
    }
    return {
      fileBytes,
      runs,
      seekFirstByteMs: round(median(seek)),
      wholeFirstByteMs: round(median(wholeFirst)),
      wholeReadMs: round(median(wholeRead)),
      seekAnswer: { status: warm.status, contentRange: warm.contentRange },
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/audio-seek.ts` runs it alone; bench/run.ts imports benchAudioSeek.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchAudioSeek().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
