import type { PaymentStatus } from '../../contracts/order';
import type { PaymentProviderName } from '../config';

/** What checkout asks a provider to collect. The amount is always the order's server-side price. */
export interface PaymentRequest {
  /** Our unique id for this payment attempt (payments.txnid), sent to the provider. */
  txnid: string;
  orderId: number;
  /** The order's public reference (OR…), shown on the provider's page. */
  orderReference: string;
  amountCentavos: number;
  currency: 'PHP';
  description: string;
}

export interface PaymentCustomer {
  email: string;
  name: string;
}

/** The provider's answer to "start a payment": where to send the browser. Field names as the product's answer. */
export interface CreatedPayment {
  Url: string;
  RefNo: string;
  /** The provider's answer to the creation request (DragonPay: 'S' = created), not the payment's outcome. */
  Status: string;
}

/** The name-value pairs of a callback or a browser return (first value of each name). */
export type CallbackFields = Record<string, string>;

/** A callback whose signature checked out: what the provider says happened to one payment. */
export interface VerifiedCallback {
  txnid: string;
  refno: string;
  /** Our payment status for the provider's code; null for a code we do not know (nothing changes). */
  status: PaymentStatus | null;
  /** The provider's own code (DragonPay's S/F/P/…; the sandbox's word). */
  rawStatus: string;
  /** Only when the provider's signature covers them; otherwise null and fetched by lookUp before a payment counts. */
  amountCentavos: number | null;
  currency: string | null;
}

/** What the provider's own records say about a payment (DragonPay's status inquiry). */
export interface ProviderTransaction {
  rawStatus: string;
  status: PaymentStatus | null;
  amountCentavos: number;
  currency: string;
}

/** Thrown by a provider when its API fails or refuses: checkout answers 502 with `message`. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** For the log only (never secrets): the HTTP status, the provider's own message. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * One payment provider behind one interface (docs/architecture.md §3). The callback handler (callbacks.ts) is the
 * same for every provider: it only ever sees VerifiedCallback.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The payment methods (contracts/order.ts paymentMethodValues) this provider takes. */
  readonly methods: readonly string[];
  createPayment(payment: PaymentRequest, method: string, customer: PaymentCustomer): Promise<CreatedPayment>;
  /**
   * Checks the provider's digest/signature over the received fields; null when it is missing, malformed
   * or wrong (a forged or altered callback). Throws ProviderError when it cannot tell (keys unreachable).
   */
  verifyCallback(fields: CallbackFields): Promise<VerifiedCallback | null>;
  /** The provider's record of a payment, for callbacks whose amount is not signed. */
  lookUp?(txnid: string): Promise<ProviderTransaction>;
}

/** "2500.00" → 250000; null for anything that is not a plain non-negative amount with at most two decimals. */
export function centavosOf(amount: string | undefined): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec((amount ?? '').trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 250000 → "2500.00" (exact: integer arithmetic, no floating point). */
export function amountText(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}
