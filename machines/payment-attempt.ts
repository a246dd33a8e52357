// Pure helpers over paymentAttemptMachine for the server: an attempt's state is rebuilt from its stored
// status, the machine decides, and the decision's actions are what the server then writes.
import { transition } from 'xstate';
import type { PaymentStatus, RefundReason } from '../contracts/order';
import { type PaymentAttemptEvent, paymentAttemptMachine } from './payment-attempt.machine';

export type PaymentEffect =
  | { type: 'payOrder' }
  | { type: 'recordRefundOwed'; reason: RefundReason }
  | { type: 'stopOrder'; reason: RefundReason }
  | { type: 'holdForDecision' }
  | { type: 'recordSurplusOwed' };

export type PaymentDecision =
  | { ok: true; to: PaymentStatus; changed: boolean; effects: PaymentEffect[] }
  /** The state does not take the event: nothing changes (a late, repeated or out-of-order callback). */
  | { ok: false; reason: string };

export const attemptSnapshotOf = (status: PaymentStatus) => paymentAttemptMachine.resolveState({ value: status });

/** Maps a provider's status (already translated to ours) to the attempt event it stands for. */
export function providerEvent(
  status: PaymentStatus,
  extra: { amountMatches: boolean; order: 'awaiting_payment' | 'paid' | 'cancelled' },
): PaymentAttemptEvent | null {
  switch (status) {
    case 'pending':
      return { type: 'provider.pending' };
    case 'succeeded':
      return { type: 'provider.succeeded', ...extra };
    case 'failed':
      return { type: 'provider.failed' };
    case 'cancelled':
      return { type: 'provider.cancelled' };
    case 'refunded':
      return { type: 'provider.refunded' };
    case 'charged_back':
      return { type: 'provider.charged_back' };
    default:
      // expired and voided are ours: no provider sends them.
      return null;
  }
}

/** What the machine says about `event` for an attempt in `status`. */
export function decidePayment(status: PaymentStatus, event: PaymentAttemptEvent): PaymentDecision {
  const snapshot = attemptSnapshotOf(status);
  if (!snapshot.can(event)) {
    const why =
      event.type === 'admin.accepted'
        ? 'the money cannot pay the order'
        : event.type === 'provider.succeeded' && !event.amountMatches
          ? 'amount or currency mismatch'
          : `${event.type} in ${status}`;
    return { ok: false, reason: why };
  }
  const [next, actions] = transition(paymentAttemptMachine, snapshot, event);
  const effects = actions.flatMap((action): PaymentEffect[] => {
    const params = (action.params ?? {}) as { reason?: RefundReason };
    if (action.type === 'payOrder' || action.type === 'holdForDecision' || action.type === 'recordSurplusOwed')
      return [{ type: action.type }];
    if (action.type === 'recordRefundOwed' || action.type === 'stopOrder')
      return [{ type: action.type, reason: params.reason as RefundReason }];
    return [];
  });
  const to = next.value as PaymentStatus;
  return { ok: true, to, changed: to !== status, effects };
}
