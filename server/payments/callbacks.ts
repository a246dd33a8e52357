import type { Kysely } from 'kysely';
import { providerEvent } from '../../machines/payment-attempt';
import type { DB, PaymentRow, TipRow } from '../db/schema';
import type { LifecycleSettings } from '../lifecycle/order-actions';
import type { NotificationHub } from '../notifications/hub';
import { publishCommitted } from '../notifications/live-changes';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { type AttemptResult, stepAttempt } from './attempts';
import { type RecordedException, recordCallbackException } from './exceptions';
import { findPaymentByTxnid, recordCallback } from './payments.repository';
import { type CallbackFields, type PaymentProvider, ProviderError } from './provider';
import { findTipByTxnid, handleTipCallback } from './tips';

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
  | { kind: 'accepted'; payment: PaymentRow; changed: boolean; orderPaid: boolean; ignored?: string }
  /** Genuine, for a tip (server/payments/tips.ts): `tip` is its state afterwards. */
  | { kind: 'tip'; tip: TipRow; changed: boolean };

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
 * The one callback handler of every provider (docs/architecture.md §3): verify, record, then move the payment and
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
  // Not an order's payment: a tip's, decided by its own machine (tips.ts).
  const tip = verified && !payment ? await findTipByTxnid(db, verified.txnid) : undefined;
  if (verified && tip && tip.provider === provider.name)
    return handleTipCallback(deps, provider, tip, verified, fields);
  if (!verified || !payment || payment.provider !== provider.name) {
    const reason = !verified ? 'unverified' : !payment && !tip ? 'unknown_txnid' : 'wrong_provider';
    await record(payment?.id ?? null, false);
    // The txnid is ours and harmless; digests, signatures and the body stay out of the log.
    logger.warn('payment callback refused', { provider: provider.name, txnid: claimedTxnid.slice(0, 64), reason });
    return { kind: 'refused', reason };
  }

  // A success counts only for the amount and currency we asked for. When the provider's signature
  // does not cover the amount, its own records are asked (before the transaction: a network call).
  let target = verified.status;
  let amountMatches = false;
  let amount = verified.amountCentavos;
  let currency = verified.currency;
  if (target === 'succeeded') {
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
  }

  const event = target === null ? null : providerEvent(target, { amountMatches, order: 'awaiting_payment' });
  if (event === null) {
    await record(payment.id, true);
    logger.info('payment callback changed nothing', {
      provider: provider.name,
      txnid: payment.txnid,
      ignored: 'unknown provider status',
    });
    return { kind: 'accepted', payment, changed: false, orderPaid: false, ignored: 'unknown provider status' };
  }

  let committed: Pick<AttemptResult, 'notified' | 'changes'> | undefined;
  let exception: RecordedException | null = null;
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
    // machines/payment-attempt.machine.ts decides, with the order row locked (server/payments/attempts.ts).
    const step = await stepAttempt(trx, {
      paymentId: payment.id,
      event,
      at: new Date(at),
      settings: deps.lifecycle,
      rawStatus: verified.rawStatus,
      refno: verified.refno || null,
    });
    // Money that cannot simply count is never silent: a row for the admins, alerted (exceptions.ts).
    exception = await recordCallbackException(trx, step, { centavos: amount, currency }, new Date(at));
    committed = { notified: [...step.notified, ...(exception?.notified ?? [])], changes: step.changes };
    const before = payment.status;
    if (!step.decision.ok || (!step.decision.changed && step.payment.raw_status === payment.raw_status)) {
      const ignored = step.decision.ok ? 'repeated' : step.decision.reason;
      logger.info('payment callback changed nothing', { provider: provider.name, txnid: payment.txnid, ignored });
      return { kind: 'accepted', payment: step.payment, changed: false, orderPaid: false, ignored } as const;
    }
    if (exception)
      logger.warn(
        exception.kind === 'late_success'
          ? 'payment arrived after its checkout closed: refund owed'
          : 'payment held: amount or currency differs, an admin decides',
        {
          provider: provider.name,
          txnid: step.payment.txnid,
          order_id: step.payment.order_id,
          exception_id: exception.id,
          kind: exception.kind,
          expected: { amount_centavos: payment.amount_centavos, currency: payment.currency },
          received: { amount_centavos: amount, currency },
        },
      );
    for (const effect of step.decision.effects) {
      if (effect.type === 'stopOrder')
        logger.warn('payment reversed by the provider', {
          provider: provider.name,
          txnid: step.payment.txnid,
          raw: verified.rawStatus,
          reason: effect.reason,
        });
    }
    logger.info('payment moved', {
      provider: provider.name,
      txnid: payment.txnid,
      from: before,
      to: step.payment.status,
    });
    return {
      kind: 'accepted',
      payment: step.payment,
      changed: step.decision.changed,
      orderPaid: step.orderPaid,
    } as const;
  });
  if (committed) publishCommitted(deps.hub, committed);
  return outcome;
}
