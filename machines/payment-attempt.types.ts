/** Where the order stands when a payment event arrives: still waiting for money, paid, or cancelled. */
export type OrderStanding = 'awaiting_payment' | 'paid' | 'cancelled';

/**
 * Events of one payment attempt. `provider.*` come from a verified callback (or the provider's status
 * inquiry); `system.*` from the server (the order left awaiting payment; the attempt was never paid in time).
 */
export type PaymentAttemptEvent =
  | { type: 'provider.pending' }
  | { type: 'provider.succeeded'; amountMatches: boolean; order: OrderStanding }
  | { type: 'provider.failed' }
  | { type: 'provider.cancelled' }
  | { type: 'provider.refunded' }
  | { type: 'provider.charged_back' }
  | { type: 'system.expired' }
  | { type: 'system.voided' }
  | { type: 'system.refunded' }
  /** An admin keeps held money as the order's payment; `covers`: the right currency, at least the order's price. */
  | { type: 'admin.accepted'; covers: boolean; order: OrderStanding }
  /** An admin gives held money back whole. */
  | { type: 'admin.refunded' };
