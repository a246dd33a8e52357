import type { Harness } from '../harness';

// The money invariant, per order: what the customer paid − what was refunded (owed or sent) = the
// artist's earning + the platform's share. Before an artist completes the order their earning is
// pending (the order's price − fee); once completed it is the payout; an unpaid or cancelled order
// keeps nothing. A disputed order waits for a person to settle it, so it is left out.

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
  const [paid, refunded, payouts] = (
    await Promise.all([
      // A payment counts once it succeeded, even if refunded or charged back later (that is a refund row).
      db
        .selectFrom('payments')
        .select(['order_id', 'amount_centavos'])
        .where('order_id', 'in', ids)
        .where('status', 'in', ['succeeded', 'refunded', 'charged_back'])
        .execute(),
      db.selectFrom('refunds').select(['order_id', 'amount_centavos']).where('order_id', 'in', ids).execute(),
      db.selectFrom('payouts').select(['order_id', 'amount_centavos']).where('order_id', 'in', ids).execute(),
    ])
  ).map(totalsOf) as [Map<number, number>, Map<number, number>, Map<number, number>];
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
      paid: paid.get(order.id) ?? 0,
      refunded: refunded.get(order.id) ?? 0,
      earning,
      platform,
    };
    if (figures.paid - figures.refunded !== earning + platform) breaks.push(figures);
  }
  return breaks;
}
