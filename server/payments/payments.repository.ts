import type { Kysely, Transaction } from 'kysely';
import { decidePayment } from '../../machines/payment-attempt';
import type { DB, NewPayment, PaymentRow } from '../db/schema';
import { deleteInBatches } from '../services/batches';

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

/** The order left awaiting payment: its other open checkouts close (the pay page refuses them). */
export async function voidOpenAttempts(
  trx: Transaction<DB>,
  orderId: number,
  exceptId: number | null,
  at: Date,
): Promise<void> {
  const open = await trx
    .selectFrom('payments')
    .select(['id', 'status'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
  for (const attempt of open) {
    if (attempt.id === exceptId) continue;
    const decision = decidePayment(attempt.status, { type: 'system.voided' });
    if (!decision.ok) continue;
    await trx
      .updateTable('payments')
      .set({ status: decision.to, updated_at: at.toISOString() })
      .where('id', '=', attempt.id)
      .where('status', '=', attempt.status)
      .execute();
  }
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

/** Maintenance: old unverified callbacks, a batch per statement (index payment_callbacks_unverified). */
export async function pruneCallbacks(db: Executor, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNVERIFIED_CALLBACK_DAYS * 86_400_000).toISOString();
  return deleteInBatches(db, {
    table: 'payment_callbacks',
    key: 'id',
    olderThan: { column: 'created_at', before },
    also: { verified: 0 },
  });
}
