import type * as v from 'valibot';
import type { LoginAnswer } from '../../contracts/account';
import {
  type ArtistProfile,
  type artistInfoSchema,
  artistMessages,
  type changePasswordSchema,
  type PayoutAnswer,
  type payoutSchema,
  type personalInfoSchema,
} from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { wakeAdmins } from '../admin/application-review';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { openWorkOf, releaseArtistWork } from '../lifecycle/artist-departure';
import { applicationChange, publishCommitted } from '../notifications/live-changes';
import { changeOwnPassword } from '../users/account-settings';
import { toAuthUser } from '../users/auth-user';
import { updateUser } from '../users/users.repository';
import { markPartDone, type PartResult } from './application-progress';
import { toArtistProfile, toPayoutMasked } from './artist.serializers';
import { findPayout, findProfile, savePayout, saveProfile } from './artists.repository';
import { countSongs, listSongs } from './songs.repository';

type PersonalInput = v.InferOutput<typeof personalInfoSchema>;
type ArtistInfoInput = v.InferOutput<typeof artistInfoSchema>;
type PayoutInput = v.InferOutput<typeof payoutSchema>;
type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/** The part's own message, or the submission message when this save completed the application. */
async function messageFor(c: AppContext, result: PartResult, saved: string): Promise<string> {
  if (!result.submitted) return saved;
  // The admins' application_received notifications are committed: wake their open bells.
  await wakeAdmins(c);
  publishCommitted(c.var.hub, {
    changes: await applicationChange(c.var.db, result.user.id, 'for_review'),
  });
  return artistMessages.submittedForReview;
}

export async function getProfile(c: AppContext) {
  const { db, media } = c.var;
  const { user } = currentAuth(c);
  const [profile, payout, songs] = await Promise.all([
    findProfile(db, user.id),
    findPayout(db, user.id),
    listSongs(db, user.id),
  ]);
  const body: ArtistProfile = toArtistProfile({ user, profile, payout, songs }, media);
  return ok(c, body);
}

/** PATCH /profile/personal: names, contact and country on the account; city and birthdate on the profile. */
export async function savePersonal(c: AppContext, body: PersonalInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const now = clock.now();
  const middle = body.middle_name.trim();
  const result = await db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, { city: body.city, birthdate: body.birthdate }, now);
    return markPartDone(trx, user.id, 'personal_info', now, {
      first_name: body.first_name,
      middle_name: middle === '' ? null : middle,
      last_name: body.last_name,
      contact_number: body.contact_number,
      country: body.country.toUpperCase(),
      dial_code: body.dial_code,
    });
  });
  return ok(c, toAuthUser(result.user), await messageFor(c, result, artistMessages.personalInfoSaved));
}

/** PATCH /profile/artist-info: needs at least one sample song on file. */
export async function saveArtistInfo(c: AppContext, body: ArtistInfoInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  if ((await countSongs(db, user.id)) === 0) {
    throw fieldError(serverMessages.validationFailed, 'samples', artistMessages.samplesRequired);
  }
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    await saveProfile(
      trx,
      user.id,
      {
        bio: body.bio,
        genres: JSON.stringify(body.genres),
        vocal_type: body.vocal_type as ArtistProfile['vocal_type'],
        rate_centavos: body.rate * 100,
      },
      now,
    );
    return markPartDone(trx, user.id, 'artist_info', now, { stage_name: body.stage_name });
  });
  return ok(c, toAuthUser(result.user), await messageFor(c, result, artistMessages.artistInfoSaved));
}

/** PATCH /profile/bank: the number is sealed before it is stored and answered masked; it is never logged. */
export async function saveBank(c: AppContext, body: PayoutInput) {
  const { db, clock, payouts } = c.var;
  const { user } = currentAuth(c);
  const now = clock.now();
  const sealed = {
    bank_name: body.bank_name,
    account_name: body.account_name,
    account_number_enc: payouts.encrypt(body.account_number),
    account_last4: body.account_number.slice(-4),
  };
  const { result, payout } = await db.transaction().execute(async (trx) => {
    const saved = await savePayout(trx, user.id, sealed, now);
    return { payout: saved, result: await markPartDone(trx, user.id, 'payout_info', now) };
  });
  const answer: PayoutAnswer = { user: toAuthUser(result.user), payout: toPayoutMasked(payout) };
  return ok(c, answer, await messageFor(c, result, artistMessages.payoutSaved));
}

/**
 * PATCH /profile/password: replaces the temporary password (users/account-settings.ts, shared with
 * customers) and sets password_updated. Every other session ends; this one continues with the new token.
 */
export async function changePassword(c: AppContext, body: ChangePasswordInput) {
  const { result, token } = await changeOwnPassword(c, body, {
    samePasswordMessage: artistMessages.samePassword,
    finish: (trx, userId, now) => markPartDone(trx, userId, 'password_updated', now),
  });
  const answer: LoginAnswer = { user: toAuthUser(result.user), token };
  return ok(c, answer, await messageFor(c, result, artistMessages.passwordChanged));
}

/**
 * PATCH /profile/deactivate: the account stops signing in and leaves the catalogue; this token ends
 * now. In the same transaction its open offers are withdrawn and the work it took goes back to the
 * customers (lifecycle/artist-departure.ts), who are told.
 */
export async function deactivate(c: AppContext) {
  const { db, clock, hub, tokens } = c.var;
  const { user, claims } = currentAuth(c);
  const now = clock.now();
  const at = now.toISOString();
  const notified = await db.transaction().execute(async (trx) => {
    const released = await releaseArtistWork(trx, {
      artistId: user.id,
      role: 'artist',
      actorId: user.id,
      at: now,
      reason: 'The artist deactivated their account',
    });
    await updateUser(trx, user.id, { deactivated_at: at, is_online: 0, updated_at: at });
    return released;
  });
  await tokens.revoke(claims);
  hub.publish(notified);
  return ok(c, null, artistMessages.accountDeactivated);
}

/** GET /profile/open-orders: the open orders deactivating would release, and what happens to each. */
export async function openOrders(c: AppContext) {
  const items = await openWorkOf(c.var.db, currentAuth(c).user.id);
  return ok(c, { items });
}
