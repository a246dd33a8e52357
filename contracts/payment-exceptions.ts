import * as v from 'valibot';
import { fieldMessages as m } from './field-messages';
import type { OrderStatus, PaymentStatus } from './order';
import { idCursorSchema, pageLimitSchema } from './paging';
import { textInput } from './text';

// Payments that need an admin's decision (/admin/payments, GET/POST /api/v1/admin/payment-exceptions):
// a verified success for another amount or currency waits, held, for "accept" or "refund"; a success
// after the checkout closed is refunded at once and listed resolved, for the record.

export type PaymentExceptionKind = 'wrong_amount' | 'wrong_currency' | 'late_success';
export type PaymentExceptionResolution = 'accepted' | 'refunded' | 'refunded_automatically';

export const paymentExceptionKindLabel: Record<PaymentExceptionKind, string> = {
  wrong_amount: 'Wrong amount',
  wrong_currency: 'Wrong currency',
  late_success: 'Paid after the checkout closed',
};

export const paymentExceptionResolutionLabel: Record<PaymentExceptionResolution, string> = {
  accepted: 'Accepted as payment',
  refunded: 'Refunded',
  refunded_automatically: 'Refunded automatically',
};

export const paymentExceptionMessages = {
  notFound: 'This payment exception does not exist.',
  alreadyResolved: 'This payment was already decided.',
  cannotAccept:
    'This payment cannot pay its order: it does not cover the price in pesos, or the order no longer awaits payment. Refund it instead.',
  actionRequired: 'Choose accept or refund',
  accepted: 'Payment accepted: the order is paid.',
  refunded: 'Refund recorded: the whole amount is owed back to the customer.',
} as const;

/** GET /admin/payment-exceptions?status=open|resolved: open oldest first, resolved newest first. */
export const paymentExceptionsQuerySchema = v.strictObject({
  status: v.optional(v.picklist(['open', 'resolved'] as const, 'Unknown status'), 'open'),
  cursor: idCursorSchema,
  limit: pageLimitSchema,
});

/** POST /admin/payment-exceptions/{id}/resolve. */
export const resolvePaymentExceptionSchema = v.strictObject({
  // A missing action reads as '' so the field's own message shows.
  action: v.pipe(
    v.optional(v.string(paymentExceptionMessages.actionRequired), ''),
    v.picklist(['accept', 'refund'] as const, paymentExceptionMessages.actionRequired),
  ),
  note: v.pipe(textInput(m.mustBeText, true), v.trim(), v.maxLength(500, 'Please keep this under 500 characters')),
});
export type ResolvePaymentException = v.InferOutput<typeof resolvePaymentExceptionSchema>;

/** A sum of money in pesos (two decimals) and its currency; null amount when the provider did not say. */
export interface MoneyAmount {
  amount: number | null;
  currency: string | null;
}

/** One row of /admin/payments. */
export interface AdminPaymentException {
  id: number;
  kind: PaymentExceptionKind;
  order_id: number;
  order_reference: string;
  order_status: OrderStatus;
  customer: { name: string; email: string };
  payment: { id: number; provider: string; method: string; reference: string | null; status: PaymentStatus };
  expected: MoneyAmount;
  received: MoneyAmount;
  created_at: string;
  resolved_at: string | null;
  resolution: PaymentExceptionResolution | null;
  note: string;
  /** "Accept as payment" is possible: open, held, the right currency, covers the price, order awaiting payment. */
  can_accept: boolean;
}

/** The admin's two lists of payment exceptions: waiting for a decision, or decided. */
export type PaymentExceptionStatus = 'open' | 'resolved';
