import type * as v from 'valibot';
import type { LoginAnswer } from '../../contracts/account';
import { accountCareMessages, type deactivateSchema } from '../../contracts/account-care';
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
import { totalsOf } from '../lifecycle/artist-summaries.repository';
import { applicationChange, publishCommitted } from '../notifications/live-changes';
import { isSameAccount, writePayoutAccount } from '../services/payout-account';
import { changeOwnPassword, checkCurrentPassword, deactivateOwnAccount } from '../users/account-settings';
import { toAuthUser } from '../users/auth-user';
import { markPartDone, type PartResult } from './application-progress';
import { toArtistProfile, toPayoutMasked } from './artist.serializers';
import { findPayout, findProfile, saveProfile } from './artists.repository';
import { rushFieldsOf } from './rush-offer';
import { countSongs, listSongs } from './songs.repository';
import { saveStageName } from './stage-names';

type PersonalInput = v.InferOutput<typeof personalInfoSchema>;
type ArtistInfoInput = v.InferOutput<typeof artistInfoSchema>;
type PayoutInput = v.InferOutput<typeof payoutSchema>;
type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;
type DeactivateInput = v.InferOutput<typeof deactivateSchema>;

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
  const { db, clock, hub } = c.var;
  const { user } = currentAuth(c);
  if ((await countSongs(db, user.id)) === 0) {
    throw fieldError(serverMessages.validationFailed, 'samples', artistMessages.samplesRequired);
  }
  const rush = await rushFieldsOf(db, user.id, body);
  const now = clock.now();
  const { result, name } = await db.transaction().execute(async (trx) => {
    // A taken name refuses the whole save (422 on stage_name); on an approved profile a new one waits for review.
    const name = await saveStageName(trx, user, body.stage_name, now);
    await saveProfile(
      trx,
      user.id,
      {
        bio: body.bio,
        genres: JSON.stringify(body.genres),
        vocal_type: body.vocal_type as ArtistProfile['vocal_type'],
        rate_centavos: body.rate * 100,
        // Left out (an older form), the turnaround on file stays.
        ...(body.turnaround_days === undefined ? {} : { turnaround_days: body.turnaround_days }),
        ...rush,
      },
      now,
    );
    return { name, result: await markPartDone(trx, user.id, 'artist_info', now) };
  });
  if (name.outcome === 'pending' || name.outcome === 'withdrawn') {
    // The admins' artists lists show the request: they reload (and the alerted admins' bells ring).
    publishCommitted(hub, { notified: name.admins, changes: await applicationChange(db, user.id, 'approved') });
  }
  const saved = name.outcome === 'pending' ? artistMessages.stageNamePending : artistMessages.artistInfoSaved;
  return ok(c, toAuthUser(result.user), await messageFor(c, result, saved));
}

/**
 * PATCH /profile/bank: the number is sealed before it is stored and answered masked; it is never logged.
 * Replacing an account on file needs the current password and is mailed, dated and alerted to admins
 * (services/payout-account.ts); saving the same account again changes nothing.
 */
export async function saveBank(c: AppContext, body: PayoutInput) {
  const { db, clock, payouts, hub } = c.var;
  const { user } = currentAuth(c);
  const previous = await findPayout(db, user.id);
  const same = previous !== undefined && isSameAccount(previous, body, payouts);
  if (previous && !same) {
    if (!body.current_password) {
      throw fieldError(
        serverMessages.validationFailed,
        'current_password',
        accountCareMessages.currentPasswordRequired,
      );
    }
    await checkCurrentPassword(c, body.current_password);
  }
  const now = clock.now();
  const { result, write } = await db.transaction().execute(async (trx) => {
    const write = same ? null : await writePayoutAccount(trx, payouts, user, body, previous, now);
    return { write, result: await markPartDone(trx, user.id, 'payout_info', now) };
  });
  if (write) publishCommitted(hub, { notified: write.admins });
  const payout = write?.row ?? previous;
  if (!payout) throw new Error('A saved payout account was not read back');
  const answer: PayoutAnswer = { user: toAuthUser(result.user), payout: toPayoutMasked(payout) };
  const saved = !write
    ? artistMessages.payoutSaved
    : write.replaced
      ? write.held
        ? accountCareMessages.payoutChangedHeld
        : accountCareMessages.payoutChanged
      : write.held
        ? accountCareMessages.payoutSavedHeld
        : artistMessages.payoutSaved;
  return ok(c, answer, await messageFor(c, result, saved));
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
 * PATCH /profile/deactivate, after the current password: the account stops signing in and leaves the
 * catalogue; this token ends now. In the same transaction its open offers are withdrawn and the work
 * it took is released (lifecycle/artist-departure.ts); earnings already credited are still paid out,
 * and the confirmation mail says how much. Signing in within 30 days restores the account.
 */
export async function deactivate(c: AppContext, body: DeactivateInput) {
  const { notified, restorableUntil } = await deactivateOwnAccount(c, body, async (trx, artistId, now) => {
    const released = await releaseArtistWork(trx, {
      artistId,
      role: 'artist',
      actorId: artistId,
      at: now,
      reason: 'The artist deactivated their account',
    });
    return { notified: released, earningsCentavos: (await totalsOf(trx, artistId)).available };
  });
  c.var.hub.publish(notified);
  return ok(c, null, accountCareMessages.accountDeactivated(restorableUntil));
}

/** GET /profile/open-orders: the open orders deactivating would release, and what happens to each. */
export async function openOrders(c: AppContext) {
  const items = await openWorkOf(c.var.db, currentAuth(c).user.id);
  return ok(c, { items });
}
