import type * as v from 'valibot';
import type { AuthUser, LoginAnswer } from '../../contracts/account';
import { accountCareMessages, type deactivateSchema } from '../../contracts/account-care';
import type { changePasswordSchema } from '../../contracts/artist';
import { accountMessages, type customerProfileSchema } from '../../contracts/auth';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { changeOwnPassword, deactivateOwnAccount, rereadUser } from './account-settings';
import { toAuthUser } from './auth-user';
import { updateUser } from './users.repository';

// The customer's own account (`/api/v1/user/profile…`); the photo is users/avatar.handlers.ts.

type CustomerProfileInput = v.InferOutput<typeof customerProfileSchema>;
type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/** GET /profile: the signed-in customer. */
export function getCustomerProfile(c: AppContext) {
  const body: AuthUser = toAuthUser(currentAuth(c).user);
  return ok(c, body);
}

/** PATCH /profile: names, contact and country with the registration's rules (the email stays). */
export async function saveCustomerProfile(c: AppContext, body: CustomerProfileInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const middle = body.middle_name.trim();
  const updated = await updateUser(db, user.id, {
    first_name: body.first_name,
    middle_name: middle === '' ? null : middle,
    last_name: body.last_name,
    contact_number: body.contact_number,
    country: body.country.toUpperCase(),
    dial_code: body.dial_code,
    updated_at: clock.now().toISOString(),
  });
  const answer: AuthUser = toAuthUser(updated ?? user);
  return ok(c, answer, accountMessages.profileSaved);
}

/** PATCH /profile/password: the artist's rules (users/account-settings.ts); answers `{user, token}`. */
export async function changeCustomerPassword(c: AppContext, body: ChangePasswordInput) {
  const { result, token } = await changeOwnPassword(c, body, {
    samePasswordMessage: accountMessages.samePassword,
    finish: (trx, userId) => rereadUser(trx, userId),
  });
  const answer: LoginAnswer = { user: toAuthUser(result.user), token };
  return ok(c, answer, accountMessages.passwordChanged);
}

/** PATCH /profile/deactivate, after the current password: paid orders in progress are still finished. */
export async function deactivateCustomer(c: AppContext, body: v.InferOutput<typeof deactivateSchema>) {
  const { restorableUntil } = await deactivateOwnAccount(c, body);
  return ok(c, null, accountCareMessages.accountDeactivated(restorableUntil));
}
