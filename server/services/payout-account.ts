import type { Kysely, Transaction } from 'kysely';
import { accountCareMessages, PAYOUT_CHANGE_FLAG_DAYS } from '../../contracts/account-care';
import { notificationTexts } from '../../contracts/notifications';
import { alertAdmins } from '../admin/admin-alerts';
import type { ArtistPayoutRow, DB, UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { enqueueMail } from '../mail/queue';
import { holderMatchesLegalName } from '../users/legal-name';
import type { PayoutCipher } from './payout-cipher';

// Where an artist is paid, and the care a change of it needs (issue 25): a replaced account is dated
// (`changed_at`, so admins see pending payouts to a fresh account), mailed to the artist and alerted
// to admins; a holder name that is not the artist's legal name (users/legal-name.ts) is saved but held
// for an admin's approval, and payouts to it cannot be marked paid until then.

type Executor = Kysely<DB> | Transaction<DB>;

export interface PayoutInput {
  bank_name: string;
  account_name: string;
  /** Digits only. */
  account_number: string;
}

/** Whether the input is the account already on file (then saving changes nothing and needs no password). */
export function isSameAccount(existing: ArtistPayoutRow, input: PayoutInput, cipher: PayoutCipher): boolean {
  return (
    existing.bank_name === input.bank_name &&
    existing.account_name === input.account_name &&
    existing.account_last4 === input.account_number.slice(-4) &&
    cipher.decrypt(existing.account_number_enc) === input.account_number
  );
}

export interface PayoutWrite {
  row: ArtistPayoutRow;
  /** An account on file was replaced (not the first one). */
  replaced: boolean;
  /** The holder name waits for an admin. */
  held: boolean;
  /** Admins alerted: wake their streams after commit. */
  admins: number[];
}

const artistLabel = (artist: UserRow) => artist.stage_name ?? `${artist.first_name} ${artist.last_name}`;

/** Saves the account in the caller's transaction, with the mail and the admins' alert a change needs. */
export async function writePayoutAccount(
  trx: Executor,
  cipher: PayoutCipher,
  artist: UserRow,
  input: PayoutInput,
  previous: ArtistPayoutRow | undefined,
  now: Date,
): Promise<PayoutWrite> {
  const at = now.toISOString();
  const held = !holderMatchesLegalName(input.account_name, artist);
  const values = {
    bank_name: input.bank_name,
    account_name: input.account_name,
    account_number_enc: cipher.encrypt(input.account_number),
    account_last4: input.account_number.slice(-4),
    changed_at: previous ? at : null,
    // A new account needs its own approval; an approval was of the account it was given for.
    holder_review: held ? ('pending' as const) : null,
    holder_reviewed_at: null,
    holder_reviewed_by: null,
    updated_at: at,
  };
  const row = await trx
    .insertInto('artist_payouts')
    .values({ ...values, user_id: artist.id, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();

  const who = artistLabel(artist);
  const destination = `${input.bank_name} •••• ${row.account_last4}`;
  const heldLine = held
    ? ` The account name "${input.account_name}" differs from their legal name: approve or reject it.`
    : '';
  if (previous) {
    await enqueueMail(
      trx,
      { userId: artist.id },
      {
        kind: 'payout_account_changed',
        data: {
          bank_name: input.bank_name,
          account_last4: row.account_last4,
          previous_last4: previous.account_last4,
          changed_at: at,
          held,
        },
        key: `payout_account_changed:user${artist.id}:${at}`,
        at: now,
      },
    );
  }
  if (!previous && !held) return { row, replaced: false, held, admins: [] };
  const text = notificationTexts.payout_account_changed({ reference: '', occasion: '', recipient: '', artist: who });
  const admins = await alertAdmins(trx, {
    type: 'payout_account_changed',
    text: previous
      ? { title: text.title, body: `${text.body}${heldLine}` }
      : { title: 'Payout account to check', body: `${who} entered a payout account.${heldLine}` },
    orderId: null,
    item: {
      kind: 'admin_payout_account_changed',
      data: {
        line: previous
          ? `${who} changed their payout account to ${destination}.${heldLine}`
          : `${who} entered the payout account ${destination}.${heldLine}`,
      },
    },
    key: `admin_payout_account_changed:artist${artist.id}:${at}`,
    at: now,
  });
  return { row, replaced: !!previous, held, admins };
}

/**
 * Before marking an artist's payouts paid: an account whose holder name waits for an admin, or was
 * rejected, is not paid to (409 saying what to do). No account at all is the reveal's concern.
 */
export async function assertPayableAccount(trx: Executor, artistId: number): Promise<void> {
  const account = await trx
    .selectFrom('artist_payouts')
    .select('holder_review')
    .where('user_id', '=', artistId)
    .executeTakeFirst();
  if (account?.holder_review === 'pending') throw new ApiError(409, accountCareMessages.payoutHolderPending);
  if (account?.holder_review === 'rejected') throw new ApiError(409, accountCareMessages.payoutHolderRejected);
}

/** Whether an account replaced at `changedAt` is still flagged on the admin's pending payouts. */
export const changedRecently = (changedAt: string | null, now: Date): boolean =>
  changedAt !== null && now.getTime() - new Date(changedAt).getTime() <= PAYOUT_CHANGE_FLAG_DAYS * 24 * 60 * 60 * 1000;
