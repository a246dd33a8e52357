import type { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import { systemClock } from '../../server/services/clock';
import { createS3Storage } from '../../server/services/s3-storage';
import { wavBytes } from '../server/artist-fixtures';
import { occasionBody, storyBody } from '../server/orders-fixtures';
import { type Answer, type ClusterClient, clusterClient, pathOf, type SendOptions } from './client';
import { type Cluster, clusterUnavailable, type NodeName, startCluster } from './cluster';
import { type EventStreamClient, openEventStream } from './event-stream';

// Two nodes, one PostgreSQL database, one bucket, nginx round robin in front (deploy/nginx/nginx.conf):
// one whole order walked through nginx only, every request answered whichever node takes it.

const U = '/api/v1/user';
const A = '/api/v1/artist';
const ADMIN = '/api/v1/admin';
const DAY_MS = 86_400_000;
const serverUrl = process.env.TEST_DATABASE_URL;
const unavailable = clusterUnavailable(serverUrl);

const demo = {
  customer: { email: 'customer@labsongs.test', password: 'Customer123!' },
  admin: { email: 'admin@labsongs.test', password: 'Admin123!' },
  // The first demo artist is approved and online; the second stands in for a victim of guessing.
  artist: { email: 'artist1@labsongs.test', password: 'Artist123!' },
  victim: { email: 'artist2@labsongs.test', password: 'Artist123!' },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (the streams' reconnections take a retry delay or two). */
async function eventually(what: string | (() => string), check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(100);
  }
}

describe.skipIf(unavailable !== null)(
  `two nodes behind nginx${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let cluster: Cluster;
    let api: ClusterClient;
    let customer: { token: string; user: { id: number; user_id: string } };
    let artist: { token: string; user: { id: number; user_id: string } };

    beforeAll(async () => {
      cluster = await startCluster({ serverUrl: serverUrl as string, bucket: true });
      api = clusterClient(cluster);
      customer = await api.login('user', demo.customer.email, demo.customer.password);
      artist = await api.login('artist', demo.artist.email, demo.artist.password);
    });
    afterAll(() => cluster?.close());

    /**
     * GETs `pathname` four times: nginx's round robin sends consecutive requests to alternate nodes,
     * so both answer, and each answer must be `status`.
     */
    async function fromBothNodes(pathname: string, status: number, options: SendOptions = {}): Promise<Answer[]> {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await api.get(pathname, options));
      for (const answer of answers) {
        expect(answer.status, `${pathname} from node ${answer.node}: ${answer.body.toString().slice(0, 200)}`).toBe(
          status,
        );
      }
      expect(new Set(answers.map((answer) => answer.node))).toEqual(new Set<NodeName>(['a', 'b']));
      // nginx passed the request id on: the node it named logged the request under that id.
      for (const answer of answers) {
        expect(answer.headers['x-request-id']).toBe(answer.requestId);
        await eventually(`node ${answer.node} to log request ${answer.requestId}`, () =>
          Boolean(cluster.loggedBy(answer.requestId)),
        );
        expect(cluster.loggedBy(answer.requestId)).toBe(answer.node);
      }
      return answers;
    }

    /** A Range request into the middle, from both nodes: 206 with exactly those bytes of `whole`. */
    async function seeksOnBothNodes(pathname: string, whole: Buffer, options: SendOptions = {}) {
      const start = Math.floor(whole.length / 2);
      const end = start + 99;
      const answers = await fromBothNodes(pathname, 206, {
        ...options,
        headers: { ...options.headers, Range: `bytes=${start}-${end}` },
      });
      for (const answer of answers) {
        expect(answer.headers['content-range']).toBe(`bytes ${start}-${end}/${whole.length}`);
        expect(answer.body.equals(whole.subarray(start, end + 1))).toBe(true);
      }
    }

    /** The whole file from both nodes: 200 and the same bytes each time; answers them. */
    async function wholeFromBothNodes(pathname: string, options: SendOptions = {}): Promise<Buffer> {
      const answers = await fromBothNodes(pathname, 200, options);
      const [first] = answers as [Answer];
      for (const answer of answers) expect(answer.body.equals(first.body)).toBe(true);
      return first.body;
    }

    async function uploadClip(bytes: Buffer) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'story.wav');
      const answer = await api.post(`${U}/temp-order/upload`, { token: customer.token, form });
      expect(answer.status, answer.body.toString()).toBe(201);
      return answer.json.data as { temp_location: string; url: string };
    }

    /** A draft for the demo artist, through its three steps, committed: answers the order. */
    async function commitOrder(clip: string | null) {
      const token = customer.token;
      const draft = await api.post(`${U}/temp-order`, { token, json: occasionBody() });
      expect(draft.status, draft.body.toString()).toBe(201);
      const id = draft.json.data.order_id as number;
      const song = await api.send('PATCH', `${U}/temp-order/${id}/song`, {
        token,
        json: {
          selected_artists: [artist.user.user_id],
          song_mood: 'romantic',
          song_tempo: 'medium',
          genre: 'pop',
          vocal_type: 'female',
          is_rebook: false,
          needed_by: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10),
        },
      });
      expect(song.status, song.body.toString()).toBe(200);
      const story = await api.send('PATCH', `${U}/temp-order/${id}/story`, {
        token,
        json: storyBody({ song_clip: clip }),
      });
      expect(story.status, story.body.toString()).toBe(200);
      const committed = await api.post(`${U}/temp-order/${id}/commit`, { token });
      expect(committed.status, committed.body.toString()).toBe(201);
      return committed.json.data as { id: number; reference: string };
    }

    /** Checkout and the sandbox pay page's Pay button, as a browser would post it. */
    async function pay(orderId: number) {
      const checkout = await api.post(`${U}/order/${orderId}/checkout`, {
        token: customer.token,
        json: { paymentMethod: 'sandbox' },
      });
      expect(checkout.status, checkout.body.toString()).toBe(200);
      const page = pathOf(checkout.json.data.payment.Url);
      expect((await api.get(page)).status).toBe(200);
      const pressed = await api.post(page, { urlencoded: { action: 'pay' } });
      expect(pressed.status, pressed.body.toString()).toBe(303);
    }

    const orderOf = async (area: string, token: string, id: number) => {
      const answer = await api.get(`${area}/orders/${id}`, { token });
      expect(answer.status, answer.body.toString()).toBe(200);
      return answer.json.data;
    };

    it('walks one whole order, every file answered by both nodes, and leaves nothing behind', async () => {
      const bucket = cluster.bucket;
      if (!bucket) throw new Error('the cluster was started without a bucket');
      const nameOf = (url: string) => new URL(url, cluster.url).pathname.split('/').pop() as string;
      const inBucket = async (name: string) => (await bucket.keys()).some((key) => key.endsWith(`/${name}`));

      // The customer's story clip, played back from either node.
      const clipBytes = wavBytes(0.5);
      const clip = await uploadClip(clipBytes);
      expect((await wholeFromBothNodes(pathOf(clip.url))).equals(clipBytes)).toBe(true);

      const order = await commitOrder(clip.temp_location);
      await pay(order.id);
      expect((await orderOf(U, customer.token, order.id)).status).toBe('offered');

      // The artist hears the story clip, accepts, uploads a take and previews it.
      const offered = await orderOf(A, artist.token, order.id);
      const storyClip = offered.brief.story.song_clip.url as string;
      expect((await wholeFromBothNodes(pathOf(storyClip))).equals(clipBytes)).toBe(true);
      const accepted = await api.post(`${A}/orders/${order.id}/accept`, { token: artist.token });
      expect(accepted.status, accepted.body.toString()).toBe(200);
      // Larger than nginx's proxy buffers, so the answer streams through rather than fitting in them.
      const take = wavBytes(3);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(take)], { type: 'audio/wav' }), 'take.wav');
      const uploaded = await api.post(`${A}/order/song/upload`, { token: artist.token, form });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const location = uploaded.json.data.temp_location as string;
      const preview = await wholeFromBothNodes(`${A}/order/song/upload?source=${location}`, { token: artist.token });
      expect(preview.equals(take)).toBe(true);
      const submitted = await api.post(`${A}/orders/${order.id}/recording`, {
        token: artist.token,
        json: { temp_location: location, lyrics: 'A song for Jose', human_made: true },
      });
      expect(submitted.status, submitted.body.toString()).toBe(200);

      // The admin plays it, seeking (206), then validates.
      const { token: adminToken } = await api.login('admin', demo.admin.email, demo.admin.password);
      const review = await orderOf(ADMIN, adminToken, order.id);
      await seeksOnBothNodes(pathOf(review.recording.url), take);
      const validated = await api.post(`${ADMIN}/orders/${order.id}/validate`, { token: adminToken });
      expect(validated.status, validated.body.toString()).toBe(200);

      // The customer listens (seeking) and downloads, then accepts.
      const delivered = await orderOf(U, customer.token, order.id);
      expect(delivered.status).toBe('delivered');
      await seeksOnBothNodes(pathOf(delivered.recording.url), take);
      const downloads = await fromBothNodes(pathOf(delivered.recording.download_url), 200);
      for (const download of downloads) {
        expect(download.body.equals(take)).toBe(true);
        expect(download.headers['content-disposition']).toMatch(/^attachment/);
      }
      const completed = await api.post(`${U}/orders/${order.id}/accept`, { token: customer.token });
      expect(completed.status, completed.body.toString()).toBe(200);

      // The gift page, for anyone with the link, and its song.
      const gift = await api.post(`${U}/orders/${order.id}/gift`, { token: customer.token, json: { reveal_on: null } });
      expect(gift.status, gift.body.toString()).toBe(200);
      const giftPages = await fromBothNodes(`${U}/gifts/${gift.json.data.token}`, 200);
      const giftSong = (giftPages[0] as Answer).json.data.song.url as string;
      expect((await wholeFromBothNodes(pathOf(giftSong))).equals(take)).toBe(true);
      await seeksOnBothNodes(pathOf(giftSong), take);

      // The catalogue's photos and sample songs: node b seeded none of them and serves them all.
      const catalogue = await api.get(`${U}/artists`);
      expect(catalogue.status).toBe(200);
      const artists = catalogue.json.data.artists as { id: string; avatar: string | null }[];
      expect(artists.some((listed) => listed.avatar !== null)).toBe(true);
      for (const listed of artists) {
        if (listed.avatar) await fromBothNodes(pathOf(listed.avatar), 200);
        const profile = await api.get(`${U}/artists/${listed.id}`);
        expect(profile.status).toBe(200);
        const songs = profile.json.data.songs as { url: string }[];
        expect(songs.length).toBeGreaterThan(0);
        for (const song of songs) await fromBothNodes(pathOf(song.url), 200);
      }

      // A replaced profile photo: the old one is gone from the bucket and from both nodes.
      const photo = async (colour: string) => {
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
          .png()
          .toBuffer();
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
        const answer = await api.post(`${U}/profile/avatar`, { token: customer.token, form: body });
        expect(answer.status, answer.body.toString()).toBe(200);
        return answer.json.data.avatar as string;
      };
      const first = await photo('#c0392b');
      await fromBothNodes(pathOf(first), 200);
      expect(await inBucket(nameOf(first))).toBe(true);
      const second = await photo('#2980b9');
      await fromBothNodes(pathOf(second), 200);
      await fromBothNodes(pathOf(first), 404);
      expect(await inBucket(nameOf(first))).toBe(false);

      // A clip no order took, 24 hours later: the sweep removes it from the bucket for every node.
      const stray = await uploadClip(wavBytes(0.25));
      await wholeFromBothNodes(pathOf(stray.url));
      const database = openDatabase({ kind: 'postgres', url: cluster.databaseUrl });
      try {
        const row = await database.db
          .selectFrom('temp_uploads')
          .select('file_key')
          .where('temp_location', '=', stray.temp_location)
          .executeTakeFirstOrThrow();
        expect(await inBucket(row.file_key)).toBe(true);
        await database.db
          .updateTable('temp_uploads')
          .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
          .where('temp_location', '=', stray.temp_location)
          .execute();
        const target = parseStorageUrl(cluster.env.STORAGE_URL as string);
        if (!target) throw new Error('the cluster has no bucket URL');
        const storage = createS3Storage(target, { client: bucket.client as S3Client });
        expect(await sweepTempUploads(database.db, storage, systemClock)).toBe(1);
        expect(await inBucket(row.file_key)).toBe(false);
        // The committed order's clip stays: an order took it.
        const taken = await database.db
          .selectFrom('temp_uploads')
          .select('file_key')
          .where('temp_location', '=', clip.temp_location)
          .executeTakeFirstOrThrow();
        expect(await inBucket(taken.file_key)).toBe(true);
      } finally {
        await database.destroy();
      }
      await fromBothNodes(pathOf(stray.url), 404);
    });

    it('believes only the X-Forwarded-For entry nginx added, and never refuses the owner elsewhere', async () => {
      const attacker = '127.0.0.2';
      const owner = '127.0.0.3';
      const guess = (i: number) =>
        api.post(`${A}/auth/login`, {
          from: attacker,
          // A different forged client on every guess: were it believed, no limit would ever be reached.
          headers: { 'X-Forwarded-For': `203.0.113.${i}` },
          json: { email: demo.victim.email, password: `Wrong-guess-${i}` },
        });
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) statuses.push((await guess(i)).status);
      // Five failures per account and address (RATE_LIMIT_LOGIN_PER_ACCOUNT), then 429 for good.
      const limited = statuses.indexOf(429);
      expect(limited, statuses.join(' ')).toBeGreaterThan(0);
      expect(limited, statuses.join(' ')).toBeLessThanOrEqual(5);
      expect(statuses.slice(0, limited).every((status) => status !== 200)).toBe(true);
      expect(statuses.slice(limited).every((status) => status === 429)).toBe(true);

      const signIn = await api.post(`${A}/auth/login`, {
        from: owner,
        json: { email: demo.victim.email, password: demo.victim.password },
      });
      expect(signIn.status, signIn.body.toString()).toBe(200);
    });

    it('keeps notification streams whole through nginx when a node is killed', async () => {
      const streams: { client: EventStreamClient; node: NodeName }[] = [];
      const artistNotificationIds = async () => {
        const list = await api.get(`${A}/notifications?limit=50`, { token: artist.token });
        expect(list.status).toBe(200);
        return (list.json.data.notifications as { id: number }[]).map((n) => n.id);
      };
      // As the app does: the newest notification it listed, in the URL; Last-Event-ID wins once an event came.
      const before = Math.max(0, ...(await artistNotificationIds()));
      const streamPath = async () => {
        const answer = await api.post(`${A}/notifications/stream-token`, { token: artist.token });
        if (answer.status !== 200) throw new Error(`stream token: ${answer.status}`);
        return `${A}/notifications/stream?token=${encodeURIComponent(answer.json.data.token)}&last_event_id=${before}`;
      };
      // Streams until each node holds at least one (a ping between shifts nginx's alternation). A node
      // logs a stream's request, with its id, as the stream opens.
      for (let attempt = 0; attempt < 4 && new Set(streams.map((s) => s.node)).size < 2; attempt++) {
        const client = openEventStream({ origin: cluster.url, pathOfNextConnection: streamPath });
        await eventually('the stream to open', () => {
          const [first] = client.connections;
          return first !== undefined && cluster.loggedBy(first) !== undefined;
        });
        streams.push({ client, node: cluster.loggedBy(client.connections[0] as string) as NodeName });
        await api.get('/api/ping');
      }
      expect(new Set(streams.map((s) => s.node))).toEqual(new Set<NodeName>(['a', 'b']));

      try {
        await cluster.nodes.b.kill();
        // Created while the killed node's streams are reconnecting…
        for (let i = 0; i < 2; i++) await pay((await commitOrder(null)).id);
        await eventually('every stream to be connected again', () =>
          streams.every((s) => s.node === 'a' || s.client.connections.length > 1),
        );
        // …and after.
        for (let i = 0; i < 2; i++) await pay((await commitOrder(null)).id);

        const created = (await artistNotificationIds()).filter((id) => id > before).sort((x, y) => x - y);
        expect(created.length).toBe(4);
        const received = (client: EventStreamClient) =>
          client.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
        const state = () =>
          `every stream to receive notifications ${created.join(', ')}; ${streams
            .map(
              (s) =>
                `stream from node ${s.node}: ${s.client.connections.length} connections, received ${received(s.client).join(', ')}`,
            )
            .join('; ')}`;
        await eventually(state, () => streams.every((s) => created.every((id) => received(s.client).includes(id))));
        for (const { client, node } of streams) {
          // Nothing missed and nothing twice, in order, whichever node the stream started on.
          expect(received(client), `stream that started on node ${node}`).toEqual(created);
        }
        // The survivor answered the reconnections.
        for (const { client } of streams.filter((s) => s.node === 'b')) {
          for (const id of client.connections.slice(1)) expect(cluster.loggedBy(id)).toBe('a');
        }
      } finally {
        for (const { client } of streams) client.close();
      }
    });
  },
);
