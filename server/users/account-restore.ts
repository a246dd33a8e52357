import type { Kysely, Transaction } from 'kysely';
import type { AccountType } from '../../contracts/account';
import { accountCareMessages, type CustomerOpenOrder, restorableUntil } from '../../contracts/account-care';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import type { DB, UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { findUserByEmail, normaliseEmail } from './users.repository';

// A deactivated account can be restored for ACCOUNT_RESTORE_DAYS by signing in; after that the
// sign-in is refused and the email is free for a new registration. The email is released lazily, at
// the registration that wants it (no periodic job): the old account keeps its rows and orders, its
// address moves to `released_email` and its `email` becomes a placeholder that cannot be typed.

type Executor = Kysely<DB> | Transaction<DB>;

/** Paid orders still in progress: they are finished (and delivered by mail) after a deactivation. */
const inProgress = ['offered', 'needs_artist', 'in_progress', 'in_validation', 'in_revision', 'delivered'] as const;

/** A customer's paid orders in progress, newest first (on orders_customer_id; at most 50 listed). */
export async function customerOpenOrders(db: Executor, customerId: number): Promise<CustomerOpenOrder[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'reference', 'status', 'occasion_name', 'recipient_first_name'])
    .where('customer_id', '=', customerId)
    .where('status', 'in', inProgress)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Whether a deactivated account can still be restored at `now`. */
export const canRestore = (user: Pick<UserRow, 'deactivated_at'>, now: Date): boolean =>
  user.deactivated_at !== null && now.getTime() <= restorableUntil(user.deactivated_at).getTime();

/** Signing in to a deactivated account within the window restores it (the artist stays offline). */
export async function restoreAccount(db: Executor, user: UserRow, now: Date): Promise<UserRow> {
  const at = now.toISOString();
  const restored = await db
    .updateTable('users')
    .set({ deactivated_at: null, updated_at: at })
    .where('id', '=', user.id)
    .where('deactivated_at', '=', user.deactivated_at)
    .returningAll()
    .executeTakeFirst();
  return restored ?? user;
}

/**
 * Before a registration (customer sign-up or artist application) with this email: an active account
 * is a 422 "email taken"; a deactivated one still restorable is a 422 telling the person to sign in;
 * one past the window is released so the new account can have the address.
 */
export async function claimEmail(db: Executor, type: AccountType, email: string, now: Date): Promise<void> {
  const existing = await findUserByEmail(db, type, email);
  if (!existing) return;
  if (existing.deactivated_at === null) {
    throw new ApiError(422, serverMessages.validationFailed, { email: [fieldMessages.emailTaken] });
  }
  if (canRestore(existing, now)) {
    const until = restorableUntil(existing.deactivated_at).toISOString();
    throw new ApiError(422, serverMessages.validationFailed, {
      email: [accountCareMessages.emailDeactivated(until)],
    });
  }
  await db
    .updateTable('users')
    .set({
      released_email: normaliseEmail(email),
      // `.invalid` is reserved (RFC 2606): the placeholder can never be signed in to or mailed.
      email: `released-${existing.user_id}@deactivated.invalid`,
      updated_at: now.toISOString(),
    })
    .where('id', '=', existing.id)
    .execute();
}
