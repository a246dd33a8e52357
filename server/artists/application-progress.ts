import type { Kysely } from 'kysely';
import { recordApplicationSubmitted } from '../admin/application-review';
import type { DB, UserRow, UserUpdate } from '../db/schema';
import { saveProfile } from './artists.repository';

/** The four parts of the application form (docs/product.md §3 application_progress). */
export type ApplicationPart = 'personal_info' | 'artist_info' | 'payout_info' | 'password_updated';

export interface PartResult {
  user: UserRow;
  /** True when this save completed the application and sent it for review. */
  submitted: boolean;
}

const isComplete = (u: UserRow) =>
  u.personal_info === 1 && u.artist_info === 1 && u.payout_info === 1 && u.password_updated === 1;

/**
 * Marks one part done (with the part's own user columns) and, when all four are done on an
 * `incomplete` or `rejected` application, moves it to `for_review` (docs/architecture.md §5): submitted_at is set and
 * an earlier rejection reason cleared. An approved or waiting application keeps its status, so an
 * approved artist can edit parts without losing the approval. Call inside the part's transaction.
 */
export async function markPartDone(
  trx: Kysely<DB>,
  userId: number,
  part: ApplicationPart,
  now: Date,
  changes: UserUpdate = {},
): Promise<PartResult> {
  const at = now.toISOString();
  const update: UserUpdate = { ...changes, updated_at: at };
  update[part] = 1;
  const user = await trx
    .updateTable('users')
    .set(update)
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!isComplete(user) || (user.app_status !== 'incomplete' && user.app_status !== 'rejected')) {
    return { user, submitted: false };
  }
  const submitted = await trx
    .updateTable('users')
    .set({ app_status: 'for_review', updated_at: at })
    .where('id', '=', userId)
    .where('app_status', 'in', ['incomplete', 'rejected'])
    .returningAll()
    .executeTakeFirst();
  if (!submitted) return { user, submitted: false };
  await saveProfile(trx, userId, { submitted_at: at, rejection_reason: null }, now);
  await recordApplicationSubmitted(trx, submitted, now);
  return { user: submitted, submitted: true };
}
