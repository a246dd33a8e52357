import type { Harness } from '../harness';

// The money invariant, per order: what the customer paid − what was refunded (owed or sent) = the
// artist's earning + the platform's share. Before an artist completes the order their earning is
// pending (the order's price − fee); once completed it is the payout; an unpaid or cancelled order
// keeps nothing. A disputed order waits for a person to settle it, so it is left out. A paid tip (0027) is
// paid by the customer on top and credited whole to the artist as a payout of its own: both sides grow by it.

const WORKING = ['offered', 'needs_artist', 'in_progress', 'in_validation', 'in_revision', 'delivered'];

export interface MoneyBreak {
  order_id: number;
  status: string;
  paid: number;
  refunded: number;
  earning: number;
  platform: number;
}

/** Every order (or these) whose money does not add up, with its figures in centavos; [] when all do. */
export async function moneyInvariantBreaks(h: Harness, orderIds?: number[]): Promise<MoneyBreak[]> {
  const { db } = h.database;
  let query = db.selectFrom('orders').select(['id', 'status', 'price_centavos', 'platform_fee_centavos']);
  if (orderIds) query = query.where('id', 'in', orderIds);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const totalsOf = (rows: { order_id: number; amount_centavos: number }[]) => {
    const totals = new Map<number, number>();
    for (const row of rows) totals.set(row.order_id, (totals.get(row.order_id) ?? 0) + row.amount_centavos);
    return totals;
  };
  const [paid, refunded, payouts, tips] = (
    await Promise.all([
      // A payment counts once it succeeded, even if refunded or charged back later (that is a refund row).
      db
        .selectFrom('payments')
        .select(['order_id', 'amount_centavos'])
        .where('order_id', 'in', ids)
        .where('status', 'in', ['succeeded', 'refunded', 'charged_back'])
        .execute(),
      db.selectFrom('refunds').select(['order_id', 'amount_centavos']).where('order_id', 'in', ids).execute(),
      // The order's own earning; a paid tip's payout (tip_id) is counted with the tips below.
      db
        .selectFrom('payouts')
        .select(['order_id', 'amount_centavos'])
        .where('order_id', 'in', ids)
        .where('tip_id', 'is', null)
        .execute(),
      // Tips (0027): what the customer paid on top, all of it the artist's (a payout of its own, no platform share).
      db
        .selectFrom('tips')
        .select(['order_id', 'amount_centavos'])
        .where('order_id', 'in', ids)
        .where('status', '=', 'paid')
        .execute(),
    ])
  ).map(totalsOf) as [Map<number, number>, Map<number, number>, Map<number, number>, Map<number, number>];
  // Each paid tip must be credited whole to the artist: its payout, or the check fails.
  const tipPayouts = totalsOf(
    await db
      .selectFrom('payouts')
      .select(['order_id', 'amount_centavos'])
      .where('order_id', 'in', ids)
      .where('tip_id', 'is not', null)
      .execute(),
  );
  const breaks: MoneyBreak[] = [];
  for (const order of orders) {
    if (order.status === 'disputed') continue;
    const completed = order.status === 'completed';
    const working = WORKING.includes(order.status);
    const platform = completed || working ? order.platform_fee_centavos : 0;
    const earning = completed
      ? (payouts.get(order.id) ?? 0)
      : working
        ? order.price_centavos - order.platform_fee_centavos
        : 0;
    const figures = {
      order_id: order.id,
      status: order.status,
      paid: (paid.get(order.id) ?? 0) + (tips.get(order.id) ?? 0),
      refunded: refunded.get(order.id) ?? 0,
      earning: earning + (tipPayouts.get(order.id) ?? 0),
      platform,
    };
    if (figures.paid - figures.refunded !== figures.earning + platform) breaks.push(figures);
  }
  return breaks;
}
