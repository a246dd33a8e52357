import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { startServer } from '../server/server';

export interface OrdersBench {
  drafts: number;
  concurrency: number;
  /** Whole drafts (create, song, story, commit) completed per second. */
  draftsPerSecond: number;
  /** Milliseconds per call: median and p99 for each step. */
  steps: Record<'create' | 'song' | 'story' | 'commit', { p50: number; p99: number }>;
  upload: {
    megabytes: number;
    seconds: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    rssGrowthMb: number;
    status: number;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
};

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (init.body) headers.set('Content-Type', 'application/json');
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const res = await fetch(url, { ...init, headers });
  const body = (await res.json()) as { data?: unknown; message?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${body.message}`);
  return body.data as Record<string, unknown>;
}

/** A multipart body streamed from a generator: a WAV header, then `bytes` of silence. Nothing is held in memory. */
function streamingWavUpload(bytes: number, boundary: string): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(22050, 24);
  header.writeUInt32LE(44100, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(bytes, 40);
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  let phase = 0;
  return new ReadableStream({
    pull(controller) {
      if (phase === 0) {
        controller.enqueue(
          enc.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
          ),
        );
        controller.enqueue(new Uint8Array(header));
        phase = 1;
      } else if (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
        sent += n;
      } else {
        controller.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      }
    },
  });
}

/** Draft throughput (create → song → story → commit) and server memory while a 200 MB upload streams. */
export async function benchOrders(
  options: { drafts?: number; concurrency?: number; uploadMegabytes?: number } = {},
): Promise<OrdersBench> {
  const drafts = options.drafts ?? 200;
  const concurrency = options.concurrency ?? 10;
  const uploadMegabytes = options.uploadMegabytes ?? 200;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-bench-orders-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    MAX_UPLOAD_MB: String(uploadMegabytes + 10),
    RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
  });
  const server = await startServer(config, { port: 0, staticRoot: null });
  const api = `${server.url}/api/v1`;
  try {
    const customer = await json(`${api}/user/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'customer@labsongs.test', password: 'Customer123!' }),
    });
    const token = customer.token as string;
    const catalog = await json(`${api}/user/artists?limit=3`);
    const artistIds = (catalog.artists as { id: string }[]).map((a) => a.id).slice(0, 2);
    const neededBy = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const occasion = {
      gifter_first_name: 'Maria',
      gifter_last_name: 'Santos',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'customer@labsongs.test',
      recipient_first_name: 'Lola',
      recipient_relationship: 'grandparent',
      occasion_name: 'birthday',
    };
    const song = {
      selected_artists: artistIds,
      song_mood: 'happy',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      needed_by: neededBy,
    };
    const story = {
      song_about: 'Her ninetieth birthday: the garden, the sinigang, and the songs she taught us as kids.',
    };
    const times: Record<keyof OrdersBench['steps'], number[]> = {
      create: [],
      song: [],
      story: [],
      commit: [],
    };
    const timed = async <T>(step: keyof typeof times, run: () => Promise<T>) => {
      const start = performance.now();
      const out = await run();
      times[step].push(performance.now() - start);
      return out;
    };
    const oneDraft = async () => {
      const created = await timed('create', () =>
        json(`${api}/user/temp-order`, { method: 'POST', token, body: JSON.stringify(occasion) }),
      );
      const id = created.order_id as number;
      await timed('song', () =>
        json(`${api}/user/temp-order/${id}/song`, { method: 'PATCH', token, body: JSON.stringify(song) }),
      );
      await timed('story', () =>
        json(`${api}/user/temp-order/${id}/story`, { method: 'PATCH', token, body: JSON.stringify(story) }),
      );
      await timed('commit', () => json(`${api}/user/temp-order/${id}/commit`, { method: 'POST', token }));
    };
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < drafts) {
          next++;
          await oneDraft();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // Memory: the server streams the upload to disk, so its RSS barely moves.
    const artist = await json(`${api}/artist/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'artist5@labsongs.test', password: 'Artist123!' }),
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const boundary = `bench${Date.now()}`;
    const uploadStart = performance.now();
    const upload = await fetch(`${api}/artist/profile/upload/song`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${artist.token as string}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        Accept: 'application/json',
      },
      body: streamingWavUpload(uploadMegabytes * 1024 * 1024, boundary),
      duplex: 'half',
    } as RequestInit);
    await upload.arrayBuffer();
    clearInterval(sampler);
    const mb = (n: number) => Number((n / 1024 / 1024).toFixed(1));
    return {
      drafts,
      concurrency,
      draftsPerSecond: Number((drafts / seconds).toFixed(1)),
      steps: {
        create: { p50: percentile(times.create, 50), p99: percentile(times.create, 99) },
        song: { p50: percentile(times.song, 50), p99: percentile(times.song, 99) },
        story: { p50: percentile(times.story, 50), p99: percentile(times.story, 99) },
        commit: { p50: percentile(times.commit, 50), p99: percentile(times.commit, 99) },
      },
      upload: {
        megabytes: uploadMegabytes,
        seconds: Number(((performance.now() - uploadStart) / 1000).toFixed(2)),
        rssBeforeMb: mb(rssBefore),
        rssPeakMb: mb(rssPeak),
        rssGrowthMb: mb(rssPeak - rssBefore),
        status: upload.status,
      },
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchOrders().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
