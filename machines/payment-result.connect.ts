import type { SnapshotFrom } from 'xstate';
import type { paymentResultMachine } from './payment-result.machine';

type Snapshot = SnapshotFrom<typeof paymentResultMachine>;

const texts = {
  checking: { title: 'Checking your payment…', lead: 'One moment while we ask for the latest.' },
  confirming: {
    title: 'Confirming your payment…',
    lead: 'The payment provider has not confirmed it yet. This page updates by itself; you can also leave it.',
  },
  stillWaiting: {
    title: 'Your payment is being confirmed',
    lead: 'Some payment channels take a while to confirm. We offer your song to the artists as soon as it is confirmed; nothing else is needed from you.',
  },
  paid: {
    title: 'Thank you! Your payment went through',
    lead: 'We have offered your song to the artists you chose. The first to accept starts writing, and you will get a notification at each step.',
  },
  failed: {
    title: 'Your payment did not go through',
    lead: 'Nothing was charged. You can pay again now, with the same or another payment method.',
  },
  cancelled: {
    title: 'You cancelled the payment',
    lead: 'Your order is saved and waits for payment. You can pay whenever you are ready.',
  },
  unpaid: { title: 'This order is waiting for payment', lead: 'You can pay for it now.' },
  closed: {
    title: 'This order cannot be paid',
    lead: 'It was cancelled or is on hold. See the order for details; any money owed back is shown there.',
  },
  unknown: {
    title: 'We could not find this payment',
    lead: 'Nothing here confirms a payment. Your orders and payments are in your account.',
  },
  error: { title: 'We could not check your payment', lead: 'Please try again in a moment.' },
} as const;

/** What the result page shows: the title and lead, the "Pay now" link and whether it is still confirming. */
export function connectPaymentResult(snapshot: Snapshot) {
  const key = (typeof snapshot.value === 'string' ? snapshot.value : 'checking') as keyof typeof texts | 'starting';
  const text = texts[key === 'starting' ? 'checking' : key];
  const payment = snapshot.context.payment;
  const payable = (key === 'failed' || key === 'cancelled' || key === 'unpaid') && payment?.payable === true;
  return {
    state: key,
    title: text.title,
    lead: snapshot.context.error && key === 'error' ? `${text.lead} (${snapshot.context.error})` : text.lead,
    busy: snapshot.hasTag('busy'),
    confirming: snapshot.hasTag('confirming') || snapshot.hasTag('busy'),
    paid: key === 'paid',
    canRetry: snapshot.can({ type: 'user.retry' }),
    /** "Pay now" opens a checkout for this order. */
    payOrderId: payable ? (payment?.order_id ?? null) : null,
    orderId: payment?.order_id ?? null,
    reference: payment?.payment_reference ?? null,
    orderReference: payment?.order_reference ?? null,
  };
}
