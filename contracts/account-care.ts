import * as v from 'valibot';
import { fieldMessages as m } from './field-messages';
import { formatDate } from './format';
import type { OpenWork } from './operations';
import type { OrderStatus } from './order-status';
import { linesInput } from './text';

// Accounts with care (issue 25): changing the payout account, deactivating and restoring an account,
// and what the artist hears when an admin suspends or reactivates them.

/** A deactivated account is restored by signing in for this many days; then the email is free again. */
export const ACCOUNT_RESTORE_DAYS = 30;
/** The admin's payouts flag a payout whose artist changed their account within this many days. */
export const PAYOUT_CHANGE_FLAG_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a deactivated account can be restored by signing in. */
export const restorableUntil = (deactivatedAt: string): Date =>
  new Date(new Date(deactivatedAt).getTime() + ACCOUNT_RESTORE_DAYS * DAY_MS);

/** Whether the account's holder name still waits for, passed or failed an admin's check. */
export const holderReviews = ['pending', 'approved', 'rejected'] as const;
export type HolderReview = (typeof holderReviews)[number];

/** POST /admin/artists/{id}/payout-account/approve|reject → data: the artist's account check as it now is. */
export interface HolderDecisionAnswer {
  artist_id: string;
  holder_review: HolderReview;
}

/** PATCH /profile/deactivate (both areas): the current password confirms it is the owner. */
export const deactivateSchema = v.strictObject({
  current_password: v.pipe(v.optional(v.string(m.passwordRequired), ''), v.nonEmpty(m.passwordRequired)),
});
export type DeactivateBody = v.InferInput<typeof deactivateSchema>;

/** POST /admin/payout-accounts/{artist id}/approve|reject: a reason is kept and, on rejection, mailed. */
export const holderDecisionSchema = v.strictObject({
  reason: v.pipe(linesInput(), v.trim(), v.maxLength(500, m.tooLong('reason', 500))),
});

/** GET /user/profile/open-orders: a paid order not finished yet (it is still finished after deactivating). */
export interface CustomerOpenOrder {
  id: number;
  reference: string;
  status: OrderStatus;
  occasion_name: string;
  recipient_first_name: string;
}

/** What deactivating would leave behind, for the confirmation (both areas). */
export interface DeactivationPreview {
  /** Customer: paid orders in progress. */
  orders: CustomerOpenOrder[];
  /** Artist: open offers and work, each with what happens to it. */
  open_work: OpenWork[];
  /** Artist: credited earnings not paid out yet, in centavos (from the maintained summary); null for a customer. */
  earnings_owed_centavos: number | null;
  /** Until when signing in restores the account, if it were deactivated now. */
  restorable_until: string;
}

export const accountCareMessages = {
  currentPasswordRequired: 'Enter your current password to change your payout account',
  payoutChanged: 'Your payout account was changed. We emailed you about it.',
  payoutChangedHeld:
    'Your payout account was changed. The account name differs from your legal name, so our team checks it before your next payout.',
  payoutSavedHeld:
    'Your payout details have been saved. The account name differs from your legal name, so our team checks it before your first payout.',
  holderNotFound: 'This artist has no payout account on file.',
  holderNotPending: 'This payout account is not waiting for a check.',
  holderApproved: 'The payout account was approved.',
  holderRejected: 'The payout account was rejected. The artist was emailed to enter an account in their name.',
  payoutHolderPending:
    "The artist's payout account name does not match their legal name. Approve the account before marking this payout paid.",
  payoutHolderRejected:
    "The artist's payout account was rejected. It can be paid once the artist enters an account in their name and it is approved.",
  accountDeactivated: (until: string) =>
    `Your account has been deactivated. Sign in before ${formatDate(until)} to restore it.`,
  accountRestored: (firstName: string) => `Welcome back, ${firstName}. Your account has been restored.`,
  emailDeactivated: (until: string) =>
    `This email belongs to a deactivated account. Sign in before ${formatDate(until)} to restore it.`,
} as const;
