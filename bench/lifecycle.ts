import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema';
import { synthesizeWav } from '../server/db/synth';
import { payOrder } from '../server/lifecycle/order-actions';
import { lifecycleSettingsOf } from '../server/lifecycle/settings';
import { newOrderReference, recordOrderEvent } from '../server/orders/orders.repository';
import { newTempLocation } from '../server/orders/temp-uploads.repository';
import { newStoredName, type Storage } from '../server/services/storage';
import { type BenchDatabase, type BenchServer, benchDatabases, callJson, startBenchServer } from './bench-server';
import { eachConcurrently, percentile, round } from './stats';

const steps = ['artist accepts', 'artist submits recording', 'admin validates', 'customer accepts'] as const;
type Step = (typeof steps)[number];

export interface LifecycleBench {
  database: BenchDatabase;
  orders: number;
  concurrency: number;
  transitions: number;
  seconds: number;
  transitionsPerSecond: number;
  /** Milliseconds per HTTP call: median and p99 of each transition. */
  steps: Record<Step, { p50: number; p99: number }>;
}

const DAY_MS = 86_400_000;

interface Cast {
  customer: { id: number; token: string };
  admin: { token: string };
  artists: { id: number; userId: string; token: string }[];
}

/** The seeded customer, admin and approved artists, each with an access token. */
async function castOf(db: Kysely<DB>, tokenFor: BenchServer['tokenFor']): Promise<Cast> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'user_id', 'type', 'email', 'token_version', 'app_status'])
    .where('deactivated_at', 'is', null)
    .orderBy('id')
    .execute();
  const one = (email: string) => {
    const user = users.find((u) => u.email === email);
    if (!user) throw new Error(`the seed has no ${email}`);
    return user;
  };
  const customer = one('customer@labsongs.test');
  const admin = one('admin@labsongs.test');
  const artists = users.filter((u) => u.type === 'artist' && u.app_status === 'approved');
  return {
    customer: { id: customer.id, token: await tokenFor(customer) },
    admin: { token: await tokenFor(admin) },
    artists: await Promise.all(artists.map(async (a) => ({ id: a.id, userId: a.user_id, token: await tokenFor(a) }))),
  };
}

/**
 * `count` paid orders of the seeded customer, each offered to two artists, plus an uploaded recording
 * (a real file) waiting for the artist who will take it. Written as checkout and the upload route
 * would leave them; payment goes through the real payOrder transition (offers open, artists notified).
 */
async function prepareOrders(server: BenchServer, cast: Cast, count: number) {
  const { db } = server.deps.database;
  const storage = server.deps.storage as Storage;
  const settings = lifecycleSettingsOf(server.deps.config);
  const neededBy = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
  const wav = synthesizeWav({
    tempo: 110,
    root: 60,
    scale: 'major',
    progression: [0, 4],
    bars: 1,
    seed: 7,
    brightness: 0.2,
  });
  const prepared: { orderId: number; artistIndex: number; tempLocation: string }[] = [];
  const BATCH = 50;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const keys = await Promise.all(
      Array.from({ length: size }, async () => {
        const key = newStoredName('wav');
        await storage.write('clips', key, wav);
        return key;
      }),
    );
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < size; i++) {
        const n = start + i;
        const first = n % cast.artists.length;
        const second = (n + 1) % cast.artists.length;
        const offered = first === second ? [first] : [first, second];
        const at = new Date().toISOString();
        const order = await trx
          .insertInto('orders')
          .values({
            reference: newOrderReference(),
            customer_id: cast.customer.id,
            status: 'awaiting_payment',
            price_centavos: 250_000,
            platform_fee_centavos: 50_000,
            occasion_name: 'birthday',
            recipient_first_name: 'Lola',
            needed_by: neededBy,
            brief: JSON.stringify(
              briefOf(
                neededBy,
                offered.map((index) => cast.artists[index]?.userId ?? ''),
              ),
            ),
            created_at: at,
            updated_at: at,
            paid_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_artists')
          .values(
            offered.map((index, rank) => ({
              order_id: order.id,
              artist_id: cast.artists[index]?.id as number,
              rank: rank + 1,
            })),
          )
          .execute();
        await recordOrderEvent(trx, {
          orderId: order.id,
          type: 'created',
          actor: 'customer',
          actorId: cast.customer.id,
          at,
        });
        await payOrder(trx, { orderId: order.id, at: new Date(), payload: { provider: 'sandbox' }, settings });
        const tempLocation = newTempLocation();
        await trx
          .insertInto('temp_uploads')
          .values({
            temp_location: tempLocation,
            user_id: cast.artists[first]?.id as number,
            file_key: keys[i] as string,
            mime: 'audio/wav',
            size: wav.length,
            created_at: at,
          })
          .execute();
        prepared.push({ orderId: order.id, artistIndex: first, tempLocation });
      }
    });
  }
  return prepared;
}

function briefOf(neededBy: string, artistUserIds: string[]) {
  return {
    occasion: {
      gifter_first_name: 'Maria',
      gifter_last_name: 'Santos',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'customer@labsongs.test',
      recipient_first_name: 'Lola',
      recipient_last_name: '',
      recipient_relationship: 'grandparent',
      recipient_pronunciation: '',
      recipient_mentioned: true,
      occasion_name: 'birthday',
      occasion_mentioned: true,
    },
    song: {
      selected_artists: artistUserIds,
      song_mood: 'happy',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: neededBy,
    },
    story: {
      song_about: 'Her ninetieth birthday: the garden, the sinigang, and the songs she taught us as kids.',
      song_prompt1_title: '',
      song_prompt1_details: '',
      song_prompt2_title: '',
      song_prompt2_details: '',
      song_clip: null,
      song_prompt1_clip: null,
      song_prompt2_clip: null,
      audio_recording1_clip: null,
      audio_recording2_clip: null,
    },
  };
}

/**
 * Lifecycle transitions per second through the real HTTP API on one database: `orders` paid orders
 * each go accept → recording → validate → customer accept, `concurrency` orders at a time (each call
 * is one transaction: machine decision, order row lock, event row, notifications, publish).
 */
async function benchLifecycleOn(
  database: BenchDatabase,
  options: { orders?: number; concurrency?: number } = {},
): Promise<LifecycleBench> {
  const count = options.orders ?? 400;
  const concurrency = options.concurrency ?? 10;
  const server = await startBenchServer(database, { seed: true });
  try {
    const { db } = server.deps.database;
    const cast = await castOf(db, server.tokenFor);
    const prepared = await prepareOrders(server, cast, count);
    const api = `${server.url}/api/v1`;
    const times: Record<Step, number[]> = {
      'artist accepts': [],
      'artist submits recording': [],
      'admin validates': [],
      'customer accepts': [],
    };
    const timed = async (step: Step, call: () => Promise<unknown>) => {
      const start = performance.now();
      await call();
      times[step].push(performance.now() - start);
    };
    const started = performance.now();
    await eachConcurrently(prepared, concurrency, async ({ orderId, artistIndex, tempLocation }) => {
      const artist = cast.artists[artistIndex]?.token as string;
      await timed('artist accepts', () =>
        callJson(`${api}/artist/orders/${orderId}/accept`, { method: 'POST', token: artist }),
      );
      await timed('artist submits recording', () =>
        callJson(`${api}/artist/orders/${orderId}/recording`, {
          method: 'POST',
          token: artist,
          body: { temp_location: tempLocation, lyrics: 'Happy birthday, Lola', human_made: true },
        }),
      );
      await timed('admin validates', () =>
        callJson(`${api}/admin/orders/${orderId}/validate`, { method: 'POST', token: cast.admin.token }),
      );
      await timed('customer accepts', () =>
        callJson(`${api}/user/orders/${orderId}/accept`, { method: 'POST', token: cast.customer.token }),
      );
    });
    const seconds = (performance.now() - started) / 1000;
    const completed = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'completed')
      .where(
        'id',
        'in',
        prepared.map((p) => p.orderId),
      )
      .executeTakeFirstOrThrow();
    if (Number(completed.n) !== count) throw new Error(`${completed.n} of ${count} orders completed`);
    const transitions = count * steps.length;
    return {
      database,
      orders: count,
      concurrency,
      transitions,
      seconds: round(seconds),
      transitionsPerSecond: round(transitions / seconds, 1),
      steps: Object.fromEntries(
        steps.map((step) => [step, { p50: percentile(times[step], 50), p99: percentile(times[step], 99) }]),
      ) as LifecycleBench['steps'],
    };
  } finally {
    await server.close();
  }
}

/** benchLifecycleOn for SQLite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. */
export async function benchLifecycle(options: { orders?: number; concurrency?: number } = {}) {
  const results: LifecycleBench[] = [];
  for (const database of benchDatabases()) results.push(await benchLifecycleOn(database, options));
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLifecycle().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
