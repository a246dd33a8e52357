import * as v from 'valibot';

// Live changes: pushed on the notification stream (SSE event `change`) to every account whose open
// screens may show the thing that changed, whether or not the change also makes a notification.
// They are hints, not history: a screen that hears one refetches (or patches) what it shows, and a
// client whose stream was closed refreshes what it shows when the stream opens again.

/** The SSE event name that carries a `LiveChange` (notifications keep the event `notification`). */
export const liveChangeEvent = 'change';

// `message`: a new message in an order's thread (id: the message's, status: its author's role, order_id set).
const liveChangeKinds = ['order', 'offer', 'application', 'payout', 'refund', 'message'] as const;
export type LiveChangeKind = (typeof liveChangeKinds)[number];

const liveChangeSchema = v.object({
  kind: v.picklist(liveChangeKinds),
  /** The changed thing's own id: an order's, an offer's, an artist's (application), a payout's, a refund's. */
  id: v.number(),
  /** Its new status: the order status, offer status, app_status, payout or refund status. */
  status: v.string(),
  /** The order an offer, payout or refund belongs to. */
  order_id: v.optional(v.number()),
  /** The order's reference ("OR" and digits), when the change concerns an order. */
  reference: v.optional(v.string()),
});

export type LiveChange = v.InferOutput<typeof liveChangeSchema>;

/** The client's reading of one SSE `change` message; undefined for anything malformed. */
export function parseLiveChange(data: string): LiveChange | undefined {
  try {
    const parsed = v.safeParse(liveChangeSchema, JSON.parse(data));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
