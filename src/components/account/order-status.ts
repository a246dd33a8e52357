import type { OrderStatus } from '../../../contracts/order';

/** How a customer reads each order status. */
export const orderStatusLabel: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  offered: 'Waiting for an artist to accept',
  needs_artist: 'Choose another artist',
  in_progress: 'The artist is working on your song',
  in_validation: 'Our team is checking the recording',
  in_revision: 'Being revised',
  delivered: 'Ready to listen',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'On hold: the payment was reversed',
};

export const eventLabel = (type: string) =>
  ({
    created: 'Order placed',
    payment_succeeded: 'Payment received',
    payment_failed: 'Payment failed',
    artist_accepted: 'An artist accepted',
    recording_uploaded: 'Recording uploaded',
    admin_validated: 'Checked by our team',
    admin_requested_revision: 'Revision requested',
    customer_accepted: 'You accepted the song',
    customer_rejected: 'You asked for changes',
    customer_rated: 'You rated the song',
    cancelled: 'Cancelled',
    payment_reversed: 'Payment reversed',
    artist_left: 'An artist could no longer take your order',
    admin_reassigned: 'Our team offered it to another artist',
  })[type] ?? type.replace(/_/g, ' ');
