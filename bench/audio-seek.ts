import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { insertSong } from '../server/artists/songs.repository';
import { loadConfig } from '../server/config';
import { findAudioBySource } from '../server/media/media.repository';
import { AUDIO_PATH, createMediaSigner } from '../server/media/signed-url';
import { startServer } from '../server/server';
import { createS3Client, objectKey } from '../server/services/s3-storage';
import { newStoredName } from '../server/services/storage';
import { startS3rver } from '../tests/server/storage-fixtures';

/** Medians for one way of serving the file. */
export interface SeekFigures {
  /** Time to the first body byte of `Range: bytes=<middle>-` (206), as the player's seek asks. */
  seekFirstByteMs: number;
  /** Time to the first body byte of the whole file (200). */
  wholeFirstByteMs: number;
  /** Time to read the whole file: what a seek would cost without Range. */
  wholeReadMs: number;
}

export type SeekWay = 'local' | 'bucket' | 'presigned';

export interface AudioSeekBench {
  fileBytes: number;
  runs: number;
  /**
   * local: the node streams from its disk; bucket: the node streams from the bucket (s3rver on
   * loopback) with Range; presigned: the node checks the signed URL and redirects to a presigned
   * bucket URL, which the client follows (the redirect is part of every figure).
   */
  ways: Record<SeekWay, SeekFigures>;
  /** Status and Content-Range of each way's seek answer, to show a range really was answered. */
  seekAnswers: Record<SeekWay, { status: number; contentRange: string | null }>;
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

/** Warms up once, then the medians of `runs` seeks into the middle and whole reads of `url`. */
async function measure(url: string, fileBytes: number, runs: number) {
  const middle = Math.floor(fileBytes / 2);
  // One of each first, so connection set-up and the first read are not in the figures.
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
  const figures: SeekFigures = {
    seekFirstByteMs: round(median(seek)),
    wholeFirstByteMs: round(median(wholeFirst)),
    wholeReadMs: round(median(wholeRead)),
  };
  return { figures, answer: { status: warm.status, contentRange: warm.contentRange } };
}

/** The real server in-process (seeded SQLite in a temp dir, loopback, free port) with `storageUrl`'s storage. */
async function startBenchNode(storageUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-bench-audio-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    ...(storageUrl ? { STORAGE_URL: storageUrl } : {}),
  });
  const server = await startServer(config, { port: 0, staticRoot: null });
  return {
    server,
    config,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stores the big WAV as an artist's sample through the node's storage; answers its signed /media/audio path. */
async function storeSample(node: Awaited<ReturnType<typeof startBenchNode>>, wav: Uint8Array) {
  const { database, jwtSecret, clock, storage } = node.server.deps;
  if (!storage) throw new Error('the server has no storage');
  const artist = await database.db
    .selectFrom('users')
    .select('id')
    .where('type', '=', 'artist')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const fileKey = newStoredName('wav');
  await storage.write('songs', fileKey, wav);
  const song = await insertSong(database.db, {
    user_id: artist.id,
    title: 'Bench: 50 MB sample',
    file_key: fileKey,
    mime: 'audio/wav',
    size: wav.length,
    created_at: new Date(clock.now()).toISOString(),
  });
  const signer = createMediaSigner({ jwtSecret, clock, ttlSeconds: 3600 });
  return { signer, audioPath: signer.audioUrl(song.source) };
}

/**
 * What `/media/audio/…` would do if it redirected instead of streaming: the same signature check and
 * lookup, then a 302 to a presigned GET of the object (5 minutes, or less if the signature ends
 * sooner). Beside the node, on its own port, so the figures include the extra hop as a browser sees it.
 */
async function startRedirector(
  node: Awaited<ReturnType<typeof startBenchNode>>,
  signer: ReturnType<typeof createMediaSigner>,
) {
  const target = node.config.storage;
  if (target.kind !== 's3') throw new Error('the redirect needs a bucket');
  const client = createS3Client(target);
  const { db } = node.server.deps.database;
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://bench');
      const source = url.pathname.slice(AUDIO_PATH.length);
      const remaining = signer.remainingSeconds(
        source,
        url.searchParams.get('exp') ?? undefined,
        url.searchParams.get('sig') ?? undefined,
      );
      const file = remaining === null ? undefined : await findAudioBySource(db, source);
      if (remaining === null || !file) {
        res.writeHead(remaining === null ? 403 : 404).end();
        return;
      }
      const location = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: target.bucket,
          Key: objectKey(target, file.kind, file.name),
          ResponseContentType: file.mime,
        }),
        { expiresIn: Math.min(remaining, 300) },
      );
      res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' }).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The same 50 MB WAV, as an artist's sample, asked for through a signed /media/audio URL three ways:
 * from the node's local disk, from a bucket through the node, and by redirect to a presigned bucket
 * URL. s3rver (an S3-compatible server on loopback) stands in for the bucket, so the bucket figures
 * show the extra work, not a network's distance.
 */
export async function benchAudioSeek(options: AudioSeekBenchOptions = {}): Promise<AudioSeekBench> {
  const fileBytes = options.bytes ?? 50 * 1024 * 1024;
  const runs = options.runs ?? 20;
  const wav = bigWav(fileBytes);

  const local = await startBenchNode(undefined);
  let localResult: Awaited<ReturnType<typeof measure>>;
  try {
    const { audioPath } = await storeSample(local, wav);
    localResult = await measure(`${local.server.url}${audioPath}`, fileBytes, runs);
  } finally {
    await local.close();
  }

  const s3rver = await startS3rver('labsongs-bench');
  try {
    const bucket = await startBenchNode(s3rver.storageUrl('bench'));
    try {
      const { signer, audioPath } = await storeSample(bucket, wav);
      const bucketResult = await measure(`${bucket.server.url}${audioPath}`, fileBytes, runs);
      const redirector = await startRedirector(bucket, signer);
      try {
        const presigned = await measure(`${redirector.url}${audioPath}`, fileBytes, runs);
        return {
          fileBytes,
          runs,
          ways: { local: localResult.figures, bucket: bucketResult.figures, presigned: presigned.figures },
          seekAnswers: { local: localResult.answer, bucket: bucketResult.answer, presigned: presigned.answer },
        };
      } finally {
        await redirector.close();
      }
    } finally {
      await bucket.close();
    }
  } finally {
    await s3rver.close();
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
