import type { OrderStatus } from '../../../contracts/order';
import type { OrderRow, PaymentRow } from '../../../server/db/schema';
import { newOrderReference } from '../../../server/orders/orders.repository';
import { type Harness, uniqueEmail } from '../harness';

/** A customer who can log in: their account and a token. */
export async function customer(h: Harness, prefix = 'buyer') {
  const email = uniqueEmail(prefix);
  const user = await h.createAccount({ type: 'user', email, password: 'Secret123' });
  const token = await h.login('user', email, 'Secret123');
  return { user, token, email };
}

/** A committed order straight in the database (the draft flow has its own tests). */
export async function orderFor(
  h: Harness,
  customerId: number,
  options: { status?: OrderStatus; priceCentavos?: number } = {},
): Promise<OrderRow> {
  const at = h.clock.now().toISOString();
  const price = options.priceCentavos ?? 250_000;
  return h.database.db
    .insertInto('orders')
    .values({
      reference: newOrderReference(),
      customer_id: customerId,
      status: options.status ?? 'awaiting_payment',
      price_centavos: price,
      platform_fee_centavos: Math.round(price * 0.2),
      occasion_name: 'birthday',
      recipient_first_name: 'Ana',
      needed_by: '2031-01-15',
      brief: '{}',
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const orderOf = (h: Harness, id: number) =>
  h.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const paymentOf = (h: Harness, txnid: string): Promise<PaymentRow> =>
  h.database.db.selectFrom('payments').selectAll().where('txnid', '=', txnid).executeTakeFirstOrThrow();

export const paymentsOfOrder = (h: Harness, orderId: number) =>
  h.database.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const callbacksOf = (h: Harness, txnid: string) =>
  h.database.db.selectFrom('payment_callbacks').selectAll().where('txnid', '=', txnid).orderBy('id').execute();

export const eventsOf = (h: Harness, orderId: number) =>
  h.database.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** POSTs name-value pairs form-encoded, as payment providers do. */
export function postForm(h: Harness, path: string, fields: Record<string, string>) {
  return h.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The txnid at the end of a sandbox pay-page URL. */
export const txnidOfUrl = (url: string) => new URL(url).pathname.split('/').pop() as string;
