import type { OrderEventRow, OrderRecordingRow, OrderRow } from '../db/schema';
import { parseStored } from '../orders/order.serializers';

// The songs a customer was given, numbered as she heard them (v1, v2, …), each with the notes that
// asked for it. Nothing extra is stored: the lifecycle makes it follow from what is. A recording
// reaches her only through an admin's validation (one `admin_validated` event marks the newest
// recording validated), and she can only ask for changes on a delivered song (one `customer_rejected`
// event each). So the n-th validation delivers v(n), and her n-th request asked for v(n+1). Uploads our
// team sent back never reached her and are not numbered.

/** A recording she could listen to: validated, and then accepted or sent back by her. */
export const isDelivered = (r: Pick<OrderRecordingRow, 'status'>) =>
  r.status !== 'pending' && r.status !== 'revision_requested';

export interface DeliveredVersion {
  number: number;
  recording: OrderRecordingRow;
  delivered_at: string;
  notes: string | null;
}

/** Her requests for changes, oldest first: the notes and when she sent them. */
function requestsOf(events: readonly OrderEventRow[]) {
  return events
    .filter((e) => e.type === 'customer_rejected')
    .map((e) => {
      const reason = parseStored<Record<string, unknown>>(e.payload)?.reason;
      return { notes: typeof reason === 'string' ? reason : '', asked_at: e.created_at };
    });
}

/** The delivered versions, oldest first (`recordings` and `events` of one order, in any order). */
export function deliveredVersions(
  recordings: readonly OrderRecordingRow[],
  events: readonly OrderEventRow[],
): DeliveredVersion[] {
  const sorted = [...events].sort((a, b) => a.id - b.id);
  const validations = sorted.filter((e) => e.type === 'admin_validated');
  const requests = requestsOf(sorted);
  return recordings
    .filter(isDelivered)
    .sort((a, b) => a.version - b.version)
    .map((recording, i) => ({
      number: i + 1,
      recording,
      delivered_at: validations[i]?.created_at ?? recording.created_at,
      notes: i === 0 ? null : (requests[i - 1]?.notes ?? null),
    }));
}

/** The version her latest notes asked for, while it is being made; null when none is. */
export function requestedVersion(
  order: Pick<OrderRow, 'status'>,
  delivered: readonly DeliveredVersion[],
  events: readonly OrderEventRow[],
): { number: number; notes: string; asked_at: string } | null {
  if (order.status === 'cancelled' || order.status === 'completed' || order.status === 'delivered') return null;
  const request = requestsOf([...events].sort((a, b) => a.id - b.id))[delivered.length - 1];
  return delivered.length > 0 && request ? { number: delivered.length + 1, ...request } : null;
}
