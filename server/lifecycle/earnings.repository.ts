import type { Kysely } from 'kysely';
import type { EarningLine, Page, Payout } from '../../contracts/lifecycle';
import type { OrderStatus } from '../../contracts/order';
import type { DB } from '../db/schema';
import { pesos } from '../orders/pricing';

// The artist's earning lines and payouts, a keyset page at a time: every read is an index range of at
// most `limit + 1` rows, however many orders the artist has done.

/** The statuses in which an order's earning is pending (the artist works on it; migration 0014 sums the same). */
const workingStatuses = ['in_progress', 'in_validation', 'in_revision', 'delivered'] as const satisfies OrderStatus[];

type LineCursor = { segment: 'p' | 'c'; id: number };

const parseLineCursor = (cursor: string | undefined): LineCursor | null =>
  cursor ? { segment: cursor[0] as 'p' | 'c', id: Number(cursor.slice(1)) } : null;

/**
 * Pending lines, newest order first: one index range per working status (orders_artist_status_id),
 * each cut at `take`, merged. An `in (…)` over the statuses would sort all of the artist's open work.
 */
async function pendingLines(db: Kysely<DB>, artistId: number, before: number | null, take: number) {
  const [first, ...rest] = workingStatuses.map((status) => {
    let q = db
      .selectFrom('orders')
      .select(['id', 'reference', 'occasion_name', 'price_centavos', 'platform_fee_centavos'])
      .where('artist_id', '=', artistId)
      .where('status', '=', status);
    if (before !== null) q = q.where('id', '<', before);
    return db.selectFrom(q.orderBy('id', 'desc').limit(take).as(`s_${status}`)).selectAll();
  });
  const rows = await rest.reduce((union, part) => union.unionAll(part), first as NonNullable<typeof first>).execute();
  return rows
    .sort((a, b) => b.id - a.id)
    .slice(0, take)
    .map(
      (o): EarningLine => ({
        id: o.id,
        reference: o.reference,
        occasion_name: o.occasion_name,
        status: 'pending',
        amount: pesos(o.price_centavos - o.platform_fee_centavos),
        credited_at: null,
        paid_at: null,
      }),
    );
}

/** The artist's payouts with their order, newest first (index payouts_artist_id). */
function payoutRows(db: Kysely<DB>, artistId: number, before: number | null, take: number) {
  let q = db
    .selectFrom('payouts')
    .innerJoin('orders', 'orders.id', 'payouts.order_id')
    .selectAll('payouts')
    .select(['orders.reference as order_reference', 'orders.occasion_name'])
    .where('payouts.artist_id', '=', artistId);
  if (before !== null) q = q.where('payouts.id', '<', before);
  return q.orderBy('payouts.id', 'desc').limit(take).execute();
}

/**
 * One page of earning lines: the pending ones first, then the credited ones (a payout each). The cursor
 * names the last line sent and its segment, so a page may end in one segment and the next go on in it
 * or start the other.
 */
export async function earningLinesPage(
  db: Kysely<DB>,
  artistId: number,
  request: { cursor?: string | undefined; limit: number },
): Promise<Page<EarningLine>> {
  const after = parseLineCursor(request.cursor);
  const take = request.limit + 1;
  const pending = after?.segment === 'c' ? [] : await pendingLines(db, artistId, after?.id ?? null, take);
  const credited =
    pending.length >= take ? [] : await payoutRows(db, artistId, after?.segment === 'c' ? after.id : null, take);
  const lines: (EarningLine & { cursor: string })[] = [
    ...pending.map((line) => ({ ...line, cursor: `p${line.id}` })),
    ...credited.map((p) => ({
      id: p.order_id,
      reference: p.order_reference,
      occasion_name: p.occasion_name,
      status: p.status === 'paid' ? ('paid' as const) : ('available' as const),
      amount: pesos(p.amount_centavos),
      credited_at: p.created_at,
      paid_at: p.paid_at,
      cursor: `c${p.id}`,
    })),
  ];
  const items = lines.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ cursor: _cursor, ...line }) => line),
    next_cursor: lines.length > request.limit && last ? last.cursor : null,
  };
}

/** One page of the artist's payouts, newest first; the cursor is the last payout's id. */
export async function artistPayoutsPage(
  db: Kysely<DB>,
  artistId: number,
  request: { cursor?: string | undefined; limit: number },
): Promise<Page<Payout>> {
  const rows = await payoutRows(db, artistId, request.cursor ? Number(request.cursor) : null, request.limit + 1);
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items: items.map((p) => ({
      id: p.id,
      order_reference: p.order_reference,
      amount: pesos(p.amount_centavos),
      status: p.status,
      created_at: p.created_at,
      paid_at: p.paid_at,
      reference: p.reference,
    })),
    next_cursor: rows.length > request.limit && last ? String(last.id) : null,
  };
}
