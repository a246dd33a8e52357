import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { DigestItem } from './admin-digest';
import type { MailData, mailTemplates } from './templates';

type Executor = Kysely<DB> | Transaction<DB>;
type SendableKind = keyof typeof mailTemplates;

export interface QueuedMail<K extends SendableKind> {
  kind: K;
  data: MailData<K>;
  /** Unique per event and recipient: enqueueing the same key again does nothing. */
  key: string;
  at: Date;
}

/**
 * A deactivated account still hears about its paid orders (they are finished and the song is
 * delivered by mail) and its payouts (earnings are still paid out); nothing else.
 */
const reachesDeactivated = (mail: QueuedMail<SendableKind>): boolean =>
  mail.kind === 'payout_paid' || (typeof mail.data === 'object' && mail.data !== null && 'order' in mail.data);

/**
 * Puts a mail in the outbox, in the caller's transaction: it exists exactly when the event that
 * causes it committed, and the worker (mail-worker.ts) sends it. `to` is an account (its address and
 * first name are read here; a deactivated account gets only what reachesDeactivated allows) or a bare
 * address with a name.
 */
export async function enqueueMail<K extends SendableKind>(
  trx: Executor,
  to: { userId: number } | { email: string; firstName: string },
  mail: QueuedMail<K>,
): Promise<void> {
  let userId: number | null = null;
  let address: string;
  let firstName: string;
  if ('userId' in to) {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'first_name', 'deactivated_at'])
      .where('id', '=', to.userId)
      .executeTakeFirst();
    if (!user || (user.deactivated_at !== null && !reachesDeactivated(mail))) return;
    userId = to.userId;
    address = user.email;
    firstName = user.first_name;
  } else {
    address = to.email;
    firstName = to.firstName;
  }
  const at = mail.at.toISOString();
  await trx
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      user_id: userId,
      to_address: address,
      dedupe_key: mail.key,
      payload: JSON.stringify({ first_name: firstName, data: mail.data }),
      next_attempt_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * An item for every active admin's digest (a recording to validate, a new application): the worker
 * gathers each admin's items into one mail at most every MAIL_DIGEST_MINUTES.
 */
export async function enqueueAdminDigestItem(trx: Executor, item: DigestItem, key: string, at: Date): Promise<void> {
  const admins = await trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('type', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .execute();
  if (admins.length === 0) return;
  const iso = at.toISOString();
  await trx
    .insertInto('mail_outbox')
    .values(
      admins.map((admin) => ({
        kind: item.kind,
        user_id: admin.id,
        to_address: admin.email,
        dedupe_key: `${key}:admin${admin.id}`,
        payload: JSON.stringify({ first_name: admin.first_name, data: item.data }),
        digest: 1 as const,
        next_attempt_at: iso,
        created_at: iso,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}
