import { formatDate, formatPesosWithCentavos } from './format';
import { type AdminRefund, lifecycleMessages } from './lifecycle';

// One refund, worded once: the customer's order page, order history, payment history, the cancel
// toast, notifications and mails all say these words, from the state machines/refund.machine.ts
// leaves (owed → sent, or failed and retried).

/** What every place that words a refund knows of it. `amount` in pesos. */
export interface RefundFacts {
  status: 'owed' | 'sent' | 'failed';
  amount: number;
  sent_at: string | null;
  method: string | null;
  reference: string | null;
}

/** "sent on Nov 27, 2025 by GCash, reference GC-1": when, how and the reference, each if known. */
function sentPhrase(refund: RefundFacts): string {
  const on = refund.sent_at ? ` on ${formatDate(refund.sent_at)}` : '';
  const by = refund.method ? ` by ${refund.method}` : '';
  const reference = refund.reference ? `, reference ${refund.reference}` : '';
  return `sent${on}${by}${reference}`;
}

/** The one line: "Refund of ₱4,500.00 owed to you", "… sent on Nov 27, 2025 by GCash, reference GC-1", "… could not be sent yet". */
export function refundLine(refund: RefundFacts): string {
  const amount = formatPesosWithCentavos(refund.amount);
  if (refund.status === 'sent') return `Refund of ${amount} ${sentPhrase(refund)}`;
  if (refund.status === 'failed') return `Refund of ${amount} could not be sent yet`;
  return `Refund of ${amount} owed to you`;
}

/** The same state in the admin's words (the refunds page, the admin's order page). */
export function refundStateText(refund: RefundFacts): string {
  if (refund.status === 'sent') {
    const phrase = sentPhrase(refund);
    return phrase.charAt(0).toUpperCase() + phrase.slice(1);
  }
  return refund.status === 'failed' ? 'Transfer failed: to be solved' : 'Owed to the customer';
}

/** What happens next, said under the line. */
export function refundNextStep(refund: Pick<RefundFacts, 'status'>): string {
  if (refund.status === 'sent') return 'It went back the way you paid.';
  if (refund.status === 'failed')
    return 'The transfer did not go through. Our team is on it and will tell you as soon as it is sent.';
  return 'We will send it back the way you paid and tell you when it is sent.';
}

/** Methods an admin records a transfer with (the field also takes any other). */
export const refundMethodSuggestions = ['GCash', 'Bank transfer', 'Provider console'] as const;

/** The method a provider's own return is recorded with (chargebacks, refunds made at the provider). */
export const providerReturnMethod = {
  charged_back: 'chargeback',
  provider_refund: 'the payment provider',
} as const;

/**
 * The customer's toast after cancelling: the refund the cancellation owes, in the same words as the
 * order page (the newest refund still owed), or plain "cancelled" when nothing was paid.
 */
export function cancelledMessage(refunds: readonly RefundFacts[]): string {
  const owed = refunds.filter((refund) => refund.status === 'owed').at(-1);
  if (!owed) return lifecycleMessages.cancelled;
  return `The order was cancelled. ${refundLine(owed)}: we will tell you when it is sent.`;
}

/** A refund's state as the admin's refunds page lists it. */
export type RefundStatus = AdminRefund['status'];
