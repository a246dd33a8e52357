import type { BulkWriter, Row } from './bulk-writer';
import { addMaintenanceRows, maintenanceTables } from './maintenance-rows';
import { BUSIEST_ARTIST_SHARE, HEAVY_CUSTOMER_ORDERS, RARE_CUSTOMER_ORDERS, type ScaleSize } from './options';
import { addOrder, columns, type IdCounters, type OrderRows, type OrderTable } from './orders';
import { type Artist, artistRows, customerRow, profileColumns, userColumns } from './people';
import { seededRandom } from './random';

// Writes the scale data set over a migrated (and usually demo-seeded) database. Rows are buffered per
// table and flushed together, parents first, so PostgreSQL's foreign keys hold at every flush.

const DAY_MS = 86_400_000;
/** Orders spread over two years: old ones settled, recent ones open. */
const SPAN_MS = 730 * DAY_MS;
const FLUSH_ROWS = 20_000;

/** Who and what the benchmark reads at scale. */
export interface ScaleSubjects {
  heavyCustomerId: number;
  busiestArtistId: number;
  busiestArtistPublicId: string;
  /** The heavy customer's newest order. */
  sampleOrderId: number;
  /** The heavy customer's newest order with a conversation. */
  threadOrderId: number;
}

const notificationColumns = ['id', 'user_id', 'type', 'title', 'body', 'is_read', 'created_at'] as const;
const tablesWithIds = [
  'users',
  'orders',
  'order_events',
  'payments',
  'payment_callbacks',
  'payouts',
  'refunds',
  'notifications',
  'order_messages',
];
const flushOrder = [
  'users',
  'artist_profiles',
  'orders',
  'order_artists',
  'order_events',
  'payments',
  'payment_callbacks',
  'payouts',
  'refunds',
  'order_messages',
  'order_message_reads',
  'order_message_alerts',
] as const;

export async function generateScaleData(
  writer: BulkWriter,
  size: ScaleSize,
  options: { adminId: number; now?: Date; progress?: (message: string) => void },
): Promise<ScaleSubjects> {
  const random = seededRandom(24);
  const now = (options.now ?? new Date()).getTime();
  const log = options.progress ?? (() => {});
  const next = async (table: string) => (await writer.maxId(table)) + 1;
  let userId = await next('users');
  const ids: IdCounters = {
    order: await next('orders'),
    event: await next('order_events'),
    payment: await next('payments'),
    callback: await next('payment_callbacks'),
    payout: await next('payouts'),
    refund: await next('refunds'),
    message: await next('order_messages'),
  };
  const buffers: Record<(typeof flushOrder)[number], Row[]> = Object.fromEntries(
    flushOrder.map((t) => [t, []]),
  ) as never;
  const columnsOf = (table: (typeof flushOrder)[number]): readonly string[] =>
    table === 'users' ? userColumns : table === 'artist_profiles' ? profileColumns : columns[table as OrderTable];
  const flush = async () => {
    for (const table of flushOrder) {
      if (buffers[table].length === 0) continue;
      await writer.insert(table, columnsOf(table), buffers[table]);
      buffers[table] = [];
    }
  };
  const flushIfFull = async () => {
    if (flushOrder.some((t) => buffers[t].length >= FLUSH_ROWS)) await flush();
  };

  const joined = new Date(now - SPAN_MS - 30 * DAY_MS).toISOString();
  const artists: Artist[] = [];
  for (let i = 0; i < size.artists; i++) {
    const made = artistRows(random, i, userId++, joined);
    artists.push(made.artist);
    buffers.users.push(made.user);
    if (made.profile) buffers.artist_profiles.push(made.profile);
    await flushIfFull();
  }
  const customerIds: number[] = [];
  for (let i = 0; i < size.customers; i++) {
    customerIds.push(userId);
    buffers.users.push(customerRow(random, i, userId++, joined));
    await flushIfFull();
  }
  await flush();
  log(`${size.artists} artists, ${size.customers} customers`);

  const approved = artists.filter((a) => a.approved);
  const busiest = artists[0] as Artist;
  const heavyCustomerId = customerIds[0] as number;
  // Customer 0 has HEAVY_CUSTOMER_ORDERS orders and customer 1 (the rare fragment's) RARE_CUSTOMER_ORDERS,
  // spread over the two years; every other order goes to anyone else.
  const rareCustomerId = customerIds[1] as number;
  const heavyEvery = Math.floor(size.orders / HEAVY_CUSTOMER_ORDERS);
  const rareEvery = Math.floor(size.orders / RARE_CUSTOMER_ORDERS);
  let sampleOrderId = 0;
  let threadOrderId = 0;
  const rows = buffers as unknown as OrderRows;
  for (let i = 0; i < size.orders; i++) {
    const heavy = i % heavyEvery === 0 && i / heavyEvery < HEAVY_CUSTOMER_ORDERS;
    const rare = !heavy && i % rareEvery === 1 && (i - 1) / rareEvery < RARE_CUSTOMER_ORDERS;
    const made = addOrder(
      random,
      {
        customerId: heavy
          ? heavyCustomerId
          : rare
            ? rareCustomerId
            : (customerIds[2 + random.int(customerIds.length - 2)] as number),
        artist: random.next() < BUSIEST_ARTIST_SHARE ? busiest : (random.pick(approved) as Artist),
        adminId: options.adminId,
        createdAt: now - SPAN_MS + Math.floor((i * SPAN_MS) / size.orders),
        now,
        talk: heavy,
      },
      ids,
      rows,
    );
    if (heavy) sampleOrderId = made.id;
    if (heavy && made.talked) threadOrderId = made.id;
    await flushIfFull();
    if ((i + 1) % 100_000 === 0) log(`${i + 1} orders`);
  }
  await flush();
  log(`${size.orders} orders`);

  // Notifications: a tenth for the busiest artist, a twentieth for the heavy customer, the rest anyone's.
  const unread = new Map<number, number>();
  const everyone = [...customerIds, ...artists.map((a) => a.id)];
  let notificationId = await next('notifications');
  let batch: Row[] = [];
  for (let i = 0; i < size.notifications; i++) {
    const roll = random.next();
    const user = roll < 0.1 ? busiest.id : roll < 0.15 ? heavyCustomerId : (random.pick(everyone) as number);
    const isRead = random.next() < 0.97 ? 1 : 0;
    if (!isRead) unread.set(user, (unread.get(user) ?? 0) + 1);
    const at = new Date(now - SPAN_MS + Math.floor((i * SPAN_MS) / size.notifications)).toISOString();
    batch.push([
      notificationId++,
      user,
      'order.update',
      'Your order moved on',
      'Open the order to see what changed.',
      isRead,
      at,
    ]);
    if (batch.length >= FLUSH_ROWS) {
      await writer.insert('notifications', notificationColumns, batch);
      batch = [];
    }
    if ((i + 1) % 1_000_000 === 0) log(`${i + 1} notifications`);
  }
  if (batch.length > 0) await writer.insert('notifications', notificationColumns, batch);
  await writer.insert(
    'notification_counters',
    ['user_id', 'unread'],
    [...unread].map(([user, count]) => [user, count]),
  );
  log(`${size.notifications} notifications`);

  // Dated from when they are written, not from the start: the live rows (a stream seen within minutes) must
  // still be live when the run checks and prunes them, however long the orders took to write.
  const written = options.now === undefined ? Date.now() : now;
  await addMaintenanceRows(writer, size, { random, now: written, customerIds, adminId: options.adminId });
  log('rows for the periodic jobs');

  await writer.finish([...tablesWithIds, ...maintenanceTables]);
  return {
    heavyCustomerId,
    busiestArtistId: busiest.id,
    busiestArtistPublicId: busiest.publicId,
    sampleOrderId,
    threadOrderId,
  };
}
