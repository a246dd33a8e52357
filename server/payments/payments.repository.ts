import type { Kysely, Transaction } from 'kysely';
import type { PaymentStatus } from '../../contracts/order';
import type { DB, NewPayment, PaymentRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export function insertPayment(db: Executor, payment: NewPayment): Promise<PaymentRow> {
  return db.insertInto('payments').values(payment).returningAll().executeTakeFirstOrThrow();
}

export function findPaymentByTxnid(db: Executor, txnid: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('txnid', '=', txnid).executeTakeFirst();
}

/** After the provider answered checkout: its reference and its answer code. */
export async function setProviderAnswer(db: Executor, id: number, refno: string, rawStatus: string, at: string) {
  await db.updateTable('payments').set({ refno, raw_status: rawStatus, updated_at: at }).where('id', '=', id).execute();
}

/**
 * Compare-and-swap: moves the payment only if it is still in `from` (no row locks, the same on SQLite
 * and PostgreSQL). Of two racing callbacks only one wins; the other sees undefined and changes nothing.
 */
export function movePayment(
  db: Executor,
  id: number,
  from: PaymentStatus,
  change: { status: PaymentStatus; raw_status: string; refno?: string | null; at: string },
): Promise<PaymentRow | undefined> {
  return db
    .updateTable('payments')
    .set({
      status: change.status,
      raw_status: change.raw_status,
      ...(change.refno ? { refno: change.refno } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export interface CallbackRecord {
  paymentId: number | null;
  provider: string;
  txnid: string;
  status: string;
  verified: boolean;
  fields: Record<string, string>;
  at: string;
}

/** What is kept of a callback that failed verification: enough to see what was tried, never more. */
export const UNVERIFIED_BODY_CHARS = 2048;

/**
 * Every callback is kept, verified or not: the audit trail of what providers (and forgers) sent. An
 * unverified body is cut to a few KB (anyone can send one); old unverified rows are pruned by the
 * maintenance job (pruneCallbacks).
 */
export async function recordCallback(db: Executor, record: CallbackRecord): Promise<void> {
  await db
    .insertInto('payment_callbacks')
    .values({
      payment_id: record.paymentId,
      provider: record.provider,
      // Columns are text without a length; keep a forger's megabyte out of them all the same.
      txnid: record.txnid.slice(0, 100),
      status: record.status.slice(0, 40),
      verified: record.verified ? 1 : 0,
      body: record.verified
        ? JSON.stringify(record.fields)
        : JSON.stringify(record.fields).slice(0, UNVERIFIED_BODY_CHARS),
      created_at: record.at,
    })
    .execute();
}

/** Unverified callbacks are kept this long (to look into an attack), verified ones for good (money). */
export const UNVERIFIED_CALLBACK_DAYS = 7;

export async function pruneCallbacks(db: Executor, now: Date): Promise<void> {
  await db
    .deleteFrom('payment_callbacks')
    .where('verified', '=', 0)
    .where('created_at', '<', new Date(now.getTime() - UNVERIFIED_CALLBACK_DAYS * 86_400_000).toISOString())
    .execute();
}
