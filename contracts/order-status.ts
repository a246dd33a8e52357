// An order's statuses, the admin overview's stages and the order reference's form. Apart from
// ./order: the admin route validates its query with them, and a route file's imports load with every
// page, so this module stays free of schemas.

export const orderStatuses = [
  'awaiting_payment',
  'offered',
  'needs_artist',
  'in_progress',
  'in_validation',
  'in_revision',
  'delivered',
  'completed',
  'cancelled',
  // The payment was charged back or refunded by the provider after an artist started: work stops, no
  // payout is released, and an admin settles it (docs/architecture.md §4, docs/decisions.md).
  'disputed',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The admin's order overview: one status, every order, the overdue ones (work past its due date), or
 * the stranded ones (open work whose artist left or was suspended: contracts/operations-home.ts).
 */
export const adminStages = [...orderStatuses, 'overdue', 'stranded', 'all'] as const;
export type AdminStage = (typeof adminStages)[number];

/** An order reference as the notifications and `?transaction=` carry it: "OR" + digits. */
export const orderReferencePattern = /^OR\d{1,20}$/;
