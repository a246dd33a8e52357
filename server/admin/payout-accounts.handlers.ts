import type * as v from 'valibot';
import {
  accountCareMessages,
  type HolderDecisionAnswer,
  type HolderReview,
  type holderDecisionSchema,
} from '../../contracts/account-care';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueueMail } from '../mail/queue';

/**
 * POST /admin/artists/{id}/payout-account/approve|reject: the admin's decision on a payout account
 * whose holder name is not the artist's legal name. Approving lets its payouts be marked paid;
 * rejecting keeps them held and mails the artist to enter an account in their own name. Only an
 * account waiting for the check can be decided (409 otherwise), once.
 */
export async function decideHolder(
  c: AppContext,
  publicId: string,
  body: v.InferOutput<typeof holderDecisionSchema>,
  approve: boolean,
) {
  const { db, clock } = c.var;
  const adminId = currentAuth(c).user.id;
  const now = clock.now();
  const at = now.toISOString();
  const artist = await db
    .selectFrom('users')
    .innerJoin('artist_payouts', 'artist_payouts.user_id', 'users.id')
    .select(['users.id', 'artist_payouts.bank_name', 'artist_payouts.account_last4'])
    .where('users.type', '=', 'artist')
    .where('users.user_id', '=', publicId)
    .executeTakeFirst();
  if (!artist) throw new ApiError(404, accountCareMessages.holderNotFound);
  const decision: HolderReview = approve ? 'approved' : 'rejected';
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('artist_payouts')
      .set({ holder_review: decision, holder_reviewed_at: at, holder_reviewed_by: adminId })
      .where('user_id', '=', artist.id)
      .where('holder_review', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(409, accountCareMessages.holderNotPending);
    if (!approve) {
      await enqueueMail(
        trx,
        { userId: artist.id },
        {
          kind: 'payout_account_rejected',
          data: { bank_name: artist.bank_name, account_last4: artist.account_last4, reason: body.reason },
          key: `payout_account_rejected:user${artist.id}:${at}`,
          at: now,
        },
      );
    }
  });
  const answer: HolderDecisionAnswer = { artist_id: publicId, holder_review: decision };
  return ok(c, answer, approve ? accountCareMessages.holderApproved : accountCareMessages.holderRejected);
}
