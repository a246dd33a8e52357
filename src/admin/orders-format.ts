import { formatCalendarDay, formatDate } from '../../contracts/format';
import type { AdminStage, OfferStatus, RecordingStatus } from '../../contracts/lifecycle';
import { type ClipSlot, type OrderEvent, type OrderStatus, occasions } from '../../contracts/order';

/** How the console names each status (staff read the state, not the customer's wording). */
export const orderStatusLabel: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  offered: 'Offered to artists',
  needs_artist: 'Needs another artist',
  in_progress: 'In progress',
  in_validation: 'Waiting for validation',
  in_revision: 'In revision',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  disputed: 'Disputed: payment reversed',
};

/** The overview's stage filter (contracts adminStages), in the order the lifecycle runs. */
export const stageLabel: Record<AdminStage, string> = {
  all: 'All orders',
  overdue: 'Overdue',
  stranded: 'Left by its artist',
  ...orderStatusLabel,
};

export const offerStatusLabel: Record<OfferStatus, string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

export const recordingStatusLabel: Record<RecordingStatus, string> = {
  pending: 'Waiting for validation',
  validated: 'Validated',
  revision_requested: 'Revision requested',
  rejected_by_customer: 'Sent back by the customer',
  accepted: 'Accepted by the customer',
};

const eventLabels: Record<string, string> = {
  created: 'Order placed',
  payment_succeeded: 'Payment received',
  payment_failed: 'Payment failed',
  artist_accepted: 'Artist accepted',
  artist_declined: 'Artist declined',
  offer_expired: 'Offer expired',
  recording_uploaded: 'Recording submitted',
  admin_validated: 'Recording validated',
  admin_requested_revision: 'Revision requested',
  customer_accepted: 'Customer accepted the song',
  customer_rejected: 'Customer asked for changes',
  customer_rated: 'Customer rated the song',
  customer_rebooked: 'Customer chose other artists',
  cancelled: 'Cancelled',
  artist_left: 'Artist left (deactivated or suspended)',
  admin_reassigned: 'Given to another artist',
};

export const eventLabel = (type: string) => eventLabels[type] ?? type.replace(/_/g, ' ');

const byLabels: Record<OrderEvent['by'], string> = {
  customer: 'the customer',
  artist: 'the artist',
  admin: 'an admin',
  system: 'the system',
  provider: 'the payment provider',
};
export const eventBy = (by: OrderEvent['by']) => byLabels[by] ?? by;

/** A list value's label (occasions, moods, genres…), or the value itself when the list lacks it. */
export const labelIn = (list: readonly { value: string; display: string }[], value: string | null | undefined) =>
  list.find((o) => o.value === value)?.display ?? value ?? '—';

export const occasionLabel = (value: string) => labelIn(occasions, value);

/** What each clip of the brief is, as the console labels it. */
export const clipLabel: Record<ClipSlot, string> = {
  song_clip: 'Song or melody for inspiration',
  song_prompt1_clip: 'Voice note about the first memory',
  song_prompt2_clip: 'Voice note about the second memory',
  audio_recording1_clip: "The recipient's name, said aloud",
  audio_recording2_clip: 'Message for the artist',
};

// Dates: contracts/format.ts, the rules every screen and mail shares (formatDateTime, formatDeadline…).
export { formatDateTime, formatDeadline } from '../../contracts/format';

/** A timestamp, or a yyyy-mm-dd calendar date, as a date; a dash when there is none. */
export function formatDay(value: string | null | undefined): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value) : formatDate(value);
}
