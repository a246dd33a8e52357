import type { BenchServer } from '../bench-server';
import type { ScaleSubjects } from './generate';
import { COMMON_FRAGMENT, DEMO_RARE_FRAGMENT, RARE_FRAGMENT } from './people';

// Every list, search, dashboard, earnings and queue endpoint of every role, plus a few single reads
// for contrast, each as the person who would open it.

export interface Endpoint {
  name: string;
  path: string;
  token?: string;
  /** A new catalogue version before each request (bench/scale/bump-catalog-version.cjs), so the cache misses. */
  missesCache?: true;
}

export interface Readers {
  customerId: number;
  artistId: number;
  artistPublicId: string;
  adminId: number;
  orderId: number;
  /** One of the customer's orders with a conversation in its thread. */
  threadOrderId: number;
  /** A name fragment of one person, who has RARE_CUSTOMER_ORDERS orders. */
  rareFragment: string;
}

async function tokenOf(server: BenchServer, id: number): Promise<string> {
  const user = await server.deps.database.db
    .selectFrom('users')
    .select(['id', 'type', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return server.tokenFor(user);
}

async function idOfEmail(server: BenchServer, email: string): Promise<number> {
  const row = await server.deps.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The demo's own people: the seeded customer, the first artist and the admin. */
export async function demoReaders(server: BenchServer, subjects?: ScaleSubjects): Promise<Readers> {
  const { db } = server.deps.database;
  const adminId = await idOfEmail(server, 'admin@labsongs.test');
  if (subjects) {
    return {
      customerId: subjects.heavyCustomerId,
      artistId: subjects.busiestArtistId,
      artistPublicId: subjects.busiestArtistPublicId,
      adminId,
      orderId: subjects.sampleOrderId,
      threadOrderId: subjects.threadOrderId,
      rareFragment: RARE_FRAGMENT,
    };
  }
  const customerId = await idOfEmail(server, 'customer@labsongs.test');
  const artistId = await idOfEmail(server, 'artist1@labsongs.test');
  const artist = await db.selectFrom('users').select('user_id').where('id', '=', artistId).executeTakeFirstOrThrow();
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  // The demo's in-progress order carries a short conversation (server/db/seed-orders.ts).
  const thread = await db
    .selectFrom('order_messages')
    .innerJoin('orders', 'orders.id', 'order_messages.order_id')
    .select('orders.id')
    .where('orders.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return {
    customerId,
    artistId,
    artistPublicId: artist.user_id,
    adminId,
    orderId: order.id,
    threadOrderId: thread.id,
    rareFragment: DEMO_RARE_FRAGMENT,
  };
}

/** The calendar date `days` from now (YYYY-MM-DD), as the catalogue's "can deliver by" takes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function endpointsFor(server: BenchServer, readers: Readers): Promise<Endpoint[]> {
  const customer = await tokenOf(server, readers.customerId);
  const artist = await tokenOf(server, readers.artistId);
  const admin = await tokenOf(server, readers.adminId);
  return [
    { name: 'customer order history', path: '/api/v1/user/orders', token: customer },
    { name: 'customer payments', path: '/api/v1/user/payments', token: customer },
    { name: 'customer single order', path: `/api/v1/user/orders/${readers.orderId}`, token: customer },
    { name: 'customer notifications', path: '/api/v1/user/notifications', token: customer },
    {
      name: 'customer order thread',
      path: `/api/v1/user/orders/${readers.threadOrderId}/messages`,
      token: customer,
    },
    { name: 'artist dashboard', path: '/api/v1/artist/dashboard', token: artist },
    { name: 'artist earnings', path: '/api/v1/artist/earnings', token: artist },
    { name: 'artist earnings lines', path: '/api/v1/artist/earnings/lines', token: artist },
    { name: 'artist payouts', path: '/api/v1/artist/payouts', token: artist },
    { name: 'artist stage: new offers', path: '/api/v1/artist/orders?stage=new', token: artist },
    { name: 'artist stage: ongoing', path: '/api/v1/artist/orders?stage=ongoing', token: artist },
    { name: 'artist stage: completed', path: '/api/v1/artist/orders?stage=completed', token: artist },
    { name: 'artist notifications', path: '/api/v1/artist/notifications', token: artist },
    { name: 'artist reviews', path: '/api/v1/artist/reviews', token: artist },
    {
      name: 'admin order search, rare fragment',
      path: `/api/v1/admin/orders?q=${encodeURIComponent(readers.rareFragment)}`,
      token: admin,
    },
    { name: 'admin order search, common fragment', path: `/api/v1/admin/orders?q=${COMMON_FRAGMENT}`, token: admin },
    { name: 'admin orders, all', path: '/api/v1/admin/orders?stage=all', token: admin },
    { name: 'admin overdue', path: '/api/v1/admin/orders?stage=overdue', token: admin },
    { name: 'admin stranded', path: '/api/v1/admin/orders?stage=stranded', token: admin },
    { name: 'admin operations home counts', path: '/api/v1/admin/operations', token: admin },
    { name: 'admin operations charts, 90 days', path: '/api/v1/admin/operations/charts?days=90', token: admin },
    { name: 'admin applications', path: '/api/v1/admin/applications', token: admin },
    { name: 'admin artists', path: '/api/v1/admin/artists', token: admin },
    { name: 'admin payouts', path: '/api/v1/admin/payouts', token: admin },
    { name: 'admin refunds', path: '/api/v1/admin/refunds', token: admin },
    { name: 'admin single order', path: `/api/v1/admin/orders/${readers.orderId}`, token: admin },
    { name: 'admin order thread', path: `/api/v1/admin/orders/${readers.threadOrderId}/messages`, token: admin },
    { name: 'catalogue (cached)', path: '/api/v1/user/artists' },
    {
      name: 'catalogue by rating, filtered (cache miss)',
      path: '/api/v1/user/artists?sort=rating&min_rating=3&min_price=1500&max_price=5000',
      // Built again each time: the query the sort's indexes (migration 0025) are for.
      missesCache: true,
    },
    {
      name: 'catalogue by price (cache miss)',
      path: '/api/v1/user/artists?sort=price_desc',
      missesCache: true,
    },
    {
      name: 'catalogue fastest, turnaround and deliver-by (cache miss)',
      path: `/api/v1/user/artists?sort=fastest&turnaround=7&deliver_by=${dayFromNow(14)}`,
      missesCache: true,
    },
    { name: 'artist profile (cached)', path: `/api/v1/user/artists/${readers.artistPublicId}` },
    { name: 'artist public reviews', path: `/api/v1/user/artists/${readers.artistPublicId}/reviews` },
    {
      name: 'artist profile (cache miss)',
      path: `/api/v1/user/artists/${readers.artistPublicId}`,
      missesCache: true,
    },
  ];
}
