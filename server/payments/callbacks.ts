import type { Kysely } from 'kysely';
import type { PaymentStatus } from '../../contracts/order';
import type { DB, PaymentRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { type LifecycleSettings, payOrder } from '../lifecycle/order-actions';
import type { TransitionResult } from '../lifecycle/transition';
import type { NotificationHub } from '../notifications/hub';
import { publishCommitted } from '../notifications/live-changes';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { findPaymentByTxnid, movePayment, recordCallback } from './payments.repository';
import { type CallbackFields, type PaymentProvider, ProviderError } from './provider';

export interface CallbackDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  hub: NotificationHub;
  lifecycle: LifecycleSettings;
}

export type CallbackOutcome =
  /** Forged, altered, unknown txnid or another provider's payment: nothing changed (answer 400). */
  | { kind: 'refused'; reason: 'unverified' | 'unknown_txnid' | 'wrong_provider' }
  /** We could not check it now (the provider's keys or inquiry unreachable): it should come again (503). */
  | { kind: 'unavailable' }
  /** Genuine. `changed` tells whether the payment moved; `payment` is its state afterwards. */
  | { kind: 'accepted'; payment: PaymentRow; changed: boolean; orderPaid: boolean; ignored?: string };

/**
 * The payment's own small state machine. A genuine callback moves a payment only forwards:
 * - pending → succeeded (only when amount and currency match the payment row), failed, cancelled;
 *   pending → pending keeps the newest provider code;
 * - succeeded → refunded (a refund or chargeback); a failure, void or pending after success is late
 *   or out of order and changes nothing;
 * - failed / cancelled → succeeded when the money did arrive after all (OTC payments can);
 * - refunded is final.
 * Returns the status to move to, or why nothing changes.
 */
export function decideTransition(
  current: PaymentStatus,
  target: PaymentStatus | null,
  amountMatches: boolean,
): { to: PaymentStatus } | { ignore: string } {
  if (target === null) return { ignore: 'unknown provider status' };
  if (target === 'succeeded' && !amountMatches) return { ignore: 'amount or currency mismatch' };
  switch (current) {
    case 'pending':
      return target === 'refunded' ? { ignore: 'refund of an unpaid payment' } : { to: target };
    case 'succeeded':
      return target === 'refunded' ? { to: 'refunded' } : { ignore: `${target} after success` };
    case 'failed':
    case 'cancelled':
      return target === 'succeeded' ? { to: 'succeeded' } : { ignore: `${target} after ${current}` };
    case 'refunded':
      return { ignore: 'already refunded' };
  }
}

const MAX_FIELDS = 40;
const MAX_VALUE = 2000;

/** The first value of each name of a form body or query string, bounded; null when it is too big to be a callback. */
export function fieldsOf(params: URLSearchParams): CallbackFields | null {
  const fields: CallbackFields = Object.create(null);
  let count = 0;
  for (const [name, value] of params) {
    if (++count > MAX_FIELDS || name.length > 100 || value.length > MAX_VALUE) return null;
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}

/** Reads a provider's POST: form-encoded fields (anything else has no fields, so it fails verification). */
export async function readCallbackForm(request: Request): Promise<CallbackFields> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return Object.create(null);
  return fieldsOf(new URLSearchParams(await request.text())) ?? Object.create(null);
}

/**
 * The one callback handler of every provider (DESIGN §3): verify, record, then move the payment and
 * the order. Only this function, fed by a server-to-server callback, ever marks an order paid.
 */
export async function handleCallback(
  deps: CallbackDeps,
  provider: PaymentProvider,
  fields: CallbackFields,
): Promise<CallbackOutcome> {
  const { db, clock, logger } = deps;
  const now = () => clock.now().toISOString();
  const claimedTxnid = fields.txnid ?? '';
  const record = (paymentId: number | null, verified: boolean) =>
    recordCallback(db, {
      paymentId,
      provider: provider.name,
      txnid: claimedTxnid,
      status: fields.status ?? '',
      verified,
      fields,
      at: now(),
    });

  let verified: Awaited<ReturnType<PaymentProvider['verifyCallback']>>;
  try {
    verified = await provider.verifyCallback(fields);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await record(null, false);
    logger.warn('payment callback not checked: provider unreachable', { provider: provider.name, ...error.detail });
    return { kind: 'unavailable' };
  }

  const payment = verified ? await findPaymentByTxnid(db, verified.txnid) : undefined;
  if (!verified || !payment || payment.provider !== provider.name) {
    const reason = !verified ? 'unverified' : !payment ? 'unknown_txnid' : 'wrong_provider';
    await record(payment?.id ?? null, false);
    // The txnid is ours and harmless; digests, signatures and the body stay out of the log.
    logger.warn('payment callback refused', { provider: provider.name, txnid: claimedTxnid.slice(0, 64), reason });
    return { kind: 'refused', reason };
  }

  // A success counts only for the amount and currency we asked for. When the provider's signature
  // does not cover the amount, its own records are asked (before the transaction: a network call).
  let target = verified.status;
  let amountMatches = false;
  if (target === 'succeeded') {
    let amount = verified.amountCentavos;
    let currency = verified.currency;
    if ((amount === null || currency === null) && provider.lookUp) {
      try {
        const known = await provider.lookUp(verified.txnid);
        amount = known.amountCentavos;
        currency = known.currency;
        // The provider's own record wins over what the callback claims.
        target = known.status;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        await record(payment.id, true);
        logger.warn('payment callback not confirmed: provider unreachable', {
          provider: provider.name,
          txnid: payment.txnid,
          ...error.detail,
        });
        return { kind: 'unavailable' };
      }
    }
    amountMatches = amount === payment.amount_centavos && currency === payment.currency;
    if (!amountMatches) {
      logger.error('payment callback amount mismatch', {
        provider: provider.name,
        txnid: payment.txnid,
        expected: { amount_centavos: payment.amount_centavos, currency: payment.currency },
        received: { amount_centavos: amount, currency },
      });
    }
  }

  let committed: Pick<TransitionResult, 'notified' | 'changes'> | undefined;
  const outcome = await db.transaction().execute(async (trx) => {
    const at = now();
    await recordCallback(trx, {
      paymentId: payment.id,
      provider: provider.name,
      txnid: payment.txnid,
      status: verified.rawStatus,
      verified: true,
      fields,
      at,
    });
    // Read again inside the transaction: another callback may have moved it meanwhile.
    const current = (await findPaymentByTxnid(trx, payment.txnid)) as PaymentRow;
    const decision = decideTransition(current.status, target, amountMatches);
    const samePending = 'to' in decision && decision.to === current.status;
    if ('ignore' in decision || (samePending && current.raw_status === verified.rawStatus)) {
      const ignored = 'ignore' in decision ? decision.ignore : 'repeated';
      logger.info('payment callback changed nothing', { provider: provider.name, txnid: payment.txnid, ignored });
      return { kind: 'accepted', payment: current, changed: false, orderPaid: false, ignored } as const;
    }
    const moved = await movePayment(trx, current.id, current.status, {
      status: decision.to,
      raw_status: verified.rawStatus,
      refno: verified.refno || null,
      at,
    });
    if (!moved) {
      logger.info('payment callback lost a race', { provider: provider.name, txnid: payment.txnid });
      const latest = (await findPaymentByTxnid(trx, payment.txnid)) as PaymentRow;
      return { kind: 'accepted', payment: latest, changed: false, orderPaid: false, ignored: 'raced' } as const;
    }
    let orderPaid = false;
    if (moved.status === 'succeeded') {
      // The lifecycle decides: only an order still awaiting payment moves (a second success, or one
      // after a cancellation, is refused by the machine and changes nothing).
      try {
        const paid = await payOrder(trx, {
          orderId: moved.order_id,
          at: new Date(at),
          payload: { payment_id: moved.id, provider: moved.provider, txnid: moved.txnid, refno: moved.refno },
          settings: deps.lifecycle,
        });
        committed = paid;
        orderPaid = true;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
      if (!orderPaid) {
        // Paid twice, or paid after the order was cancelled: money to give back by hand.
        logger.error('payment succeeded for an order that was not awaiting payment', {
          provider: provider.name,
          txnid: moved.txnid,
          order_id: moved.order_id,
        });
      }
    }
    if (moved.status === 'refunded') {
      logger.warn('payment refunded by the provider', {
        provider: provider.name,
        txnid: moved.txnid,
        raw: verified.rawStatus,
      });
    }
    logger.info('payment moved', {
      provider: provider.name,
      txnid: moved.txnid,
      from: current.status,
      to: moved.status,
    });
    return { kind: 'accepted', payment: moved, changed: true, orderPaid } as const;
  });
  if (committed) publishCommitted(deps.hub, committed);
  return outcome;
}
