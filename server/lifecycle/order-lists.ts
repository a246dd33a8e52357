import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page } from '../../contracts/lifecycle';
import { type AdminStage, type ArtistStage, stageStatuses } from '../../contracts/lifecycle';
import { strandedStatuses } from '../../contracts/operations-home';
import { byDepartedArtist } from '../admin/departed-artists';
import type { DB, OrderRow } from '../db/schema';
import { searchOrders } from '../search/order-search';
import { isPostgres } from '../search/search-text';
import { overdueStage } from './overdue';

// The order lists of the artist and admin screens: keyset pages sorted by the needed-by date (the due
// date is derived from it, so the order is the same) and then id. A cursor is "<needed_by>_<id>" of the
// last row sent; no OFFSET, so a page costs the same however deep it is.

export interface PageRequest {
  cursor?: string;
  limit: number;
}

type OrdersQuery =
  | SelectQueryBuilder<DB, 'orders', OrderRow>
  | SelectQueryBuilder<DB, 'orders' | 'order_artists', OrderRow>;

function parseCursor(cursor: string | undefined): { neededBy: string; id: number } | null {
  const match = cursor ? /^(\d{4}-\d{2}-\d{2})_(\d{1,12})$/.exec(cursor) : null;
  return match ? { neededBy: match[1] as string, id: Number(match[2]) } : null;
}

async function page(query: OrdersQuery, request: PageRequest, direction: 'asc' | 'desc'): Promise<Page<OrderRow>> {
  const after = parseCursor(request.cursor);
  const cmp = direction === 'asc' ? '>' : '<';
  let q = query as SelectQueryBuilder<DB, 'orders', OrderRow>;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('orders.needed_by', cmp, after.neededBy),
        eb.and([eb('orders.needed_by', '=', after.neededBy), eb('orders.id', cmp, after.id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('orders.needed_by', direction)
    .orderBy('orders.id', direction)
    .limit(request.limit + 1)
    .execute();
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > request.limit && last ? `${last.needed_by}_${last.id}` : null,
  };
}

/**
 * The artist's open offers, the one to answer soonest first: keyset on (expires_at, order id) of the
 * offer, from index order_artists_artist_deadline (0021). The cursor is "<expires_at>_<order id>".
 */
async function openOffers(
  db: Kysely<DB>,
  artistId: number,
  request: PageRequest & { now: Date },
): Promise<Page<OrderRow>> {
  const after = request.cursor ? /^(.+)_(\d{1,12})$/.exec(request.cursor) : null;
  let query = db
    .selectFrom('order_artists')
    .innerJoin('orders', 'orders.id', 'order_artists.order_id')
    .selectAll('orders')
    .select('order_artists.expires_at as offer_expires_at')
    .where('order_artists.artist_id', '=', artistId)
    .where('order_artists.offer_status', '=', 'pending')
    // Open: offered (offered_at and expires_at are set together) and not past its deadline, even
    // before the offer sweep closes it.
    .where('order_artists.expires_at', '>', request.now.toISOString())
    .where('orders.status', '=', 'offered');
  if (after) {
    const [, expiresAt = '', id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('order_artists.expires_at', '>', expiresAt),
        eb.and([eb('order_artists.expires_at', '=', expiresAt), eb('order_artists.order_id', '>', Number(id))]),
      ]),
    );
  }
  const rows = await query
    .orderBy('order_artists.expires_at')
    .orderBy('order_artists.order_id')
    .limit(request.limit + 1)
    .execute();
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ offer_expires_at: _, ...order }) => order),
    next_cursor: rows.length > request.limit && last ? `${last.offer_expires_at}_${last.id}` : null,
  };
}

/** The artist's orders of one screen (docs/architecture.md §4): open offers for `new`, else the orders they took. */
export function listArtistOrders(
  db: Kysely<DB>,
  artistId: number,
  stage: ArtistStage,
  request: PageRequest & { now: Date },
) {
  if (stage === 'new') return openOffers(db, artistId, request);
  const taken = db
    .selectFrom('orders')
    .selectAll('orders')
    .where('orders.artist_id', '=', artistId)
    .where('orders.status', 'in', [...stageStatuses[stage]]);
  // Work to do: soonest due first. Completed: most recent first.
  return page(taken, request, stage === 'completed' ? 'desc' : 'asc');
}

/** One order the artist may see: they took it, or their offer on it is still open. */
export async function findArtistOrder(
  db: Kysely<DB>,
  artistId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  if (order.artist_id === artistId) return order;
  const offer = await db
    .selectFrom('order_artists')
    .select('offer_status')
    .where('order_id', '=', orderId)
    .where('artist_id', '=', artistId)
    .where('offered_at', 'is not', null)
    .executeTakeFirst();
  return offer?.offer_status === 'pending' && order.status === 'offered' ? order : undefined;
}

/**
 * The admin's overview: by status, the overdue work, or everything (latest needed-by first). A search
 * (`search`) is answered by server/search/order-search.ts instead, newest order first with an id cursor.
 */
export function listAdminOrders(
  db: Kysely<DB>,
  stage: AdminStage,
  request: PageRequest & { reference?: string | undefined; search?: string | undefined; now: Date },
): Promise<Page<OrderRow>> {
  if (request.search) {
    return searchOrders(db, {
      text: request.search,
      stage,
      now: request.now,
      reference: request.reference,
      after: request.cursor === undefined ? undefined : Number(request.cursor),
      limit: request.limit,
    });
  }
  let query = db.selectFrom('orders').selectAll('orders');
  if (request.reference !== undefined) query = query.where('orders.reference', '=', request.reference);
  if (stage === 'overdue') {
    query = query.where(overdueStage(request.now, !isPostgres(db)));
  } else if (stage === 'stranded') {
    query = query.where('orders.status', 'in', [...strandedStatuses]).where(byDepartedArtist);
  } else if (stage !== 'all') {
    query = query.where('orders.status', '=', stage);
  }
  const closed = stage === 'all' || stage === 'completed' || stage === 'cancelled';
  return page(query, request, closed ? 'desc' : 'asc');
}
