import type { Kysely } from 'kysely';
import { artistMessages } from '../../contracts/artist';
import { notificationTexts } from '../../contracts/notifications';
import { serverMessages } from '../../contracts/server-messages';
import { alertAdmins } from '../admin/admin-alerts';
import { isUniqueViolation } from '../db/database';
import type { DB, UserRow, UserUpdate } from '../db/schema';
import { fieldError } from '../http/api-error';
import { stageNameKey } from './stage-name-key';

// One artist per stage name (stage-name-key.ts says when two names are one). The key is stored beside
// the name (users.stage_name_key, and pending_stage_name_key for a name waiting for review), each under
// a unique index, so the database settles two artists asking for one name at the same moment.

const stageNameTaken = () => fieldError(serverMessages.validationFailed, 'stage_name', artistMessages.stageNameTaken);

/** Refuses (422 on stage_name) a name another artist has or asked for. */
export async function assertStageNameFree(db: Kysely<DB>, name: string, userId: number | null): Promise<void> {
  const key = stageNameKey(name);
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('stage_name_key', '=', key), eb('pending_stage_name_key', '=', key)]));
  if (userId !== null) query = query.where('id', '!=', userId);
  if (await query.executeTakeFirst()) throw stageNameTaken();
}

/** Runs a write that sets a stage name key; a unique index refusing it (a race) is the same 422. */
export async function claimingStageName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw stageNameTaken();
    throw error;
  }
}

/** The columns of an artist's stage name, set directly (an application the admins have yet to approve). */
const stageNameColumns = (name: string): UserUpdate => ({
  stage_name: name,
  stage_name_key: stageNameKey(name),
  pending_stage_name: null,
  pending_stage_name_key: null,
  pending_stage_name_at: null,
});

export type StageNameOutcome = 'unchanged' | 'saved' | 'pending' | 'withdrawn';

/**
 * The stage name an artist saves with their artist information. Before approval it is set at once (the
 * application review sees it). On an approved profile the catalogue keeps the approved name: a new one
 * waits for an admin (pending_*), who is alerted; saving the approved name again withdraws the request.
 * Answers what happened and, for `pending`, the admins to wake after commit.
 */
export async function saveStageName(
  trx: Kysely<DB>,
  user: UserRow,
  name: string,
  at: Date,
): Promise<{ outcome: StageNameOutcome; admins: number[] }> {
  const iso = at.toISOString();
  if (user.app_status !== 'approved' || user.stage_name === null) {
    if (name === user.stage_name) return { outcome: 'unchanged', admins: [] };
    await assertStageNameFree(trx, name, user.id);
    await claimingStageName(() =>
      trx
        .updateTable('users')
        .set({ ...stageNameColumns(name), updated_at: iso })
        .where('id', '=', user.id)
        .execute(),
    );
    return { outcome: 'saved', admins: [] };
  }
  if (name === user.stage_name) {
    if (user.pending_stage_name === null) return { outcome: 'unchanged', admins: [] };
    await trx.updateTable('users').set(clearedRequest(iso)).where('id', '=', user.id).execute();
    return { outcome: 'withdrawn', admins: [] };
  }
  if (name === user.pending_stage_name) return { outcome: 'pending', admins: [] };
  await assertStageNameFree(trx, name, user.id);
  await claimingStageName(() =>
    trx
      .updateTable('users')
      .set({ pending_stage_name: name, pending_stage_name_key: stageNameKey(name), pending_stage_name_at: iso })
      .where('id', '=', user.id)
      .execute(),
  );
  const line = `${user.stage_name} asks to be called ${name}`;
  const admins = await alertAdmins(trx, {
    type: 'stage_name_review',
    text: notificationTexts.stage_name_review({ reference: '', occasion: '', recipient: '', artist: user.stage_name }),
    orderId: null,
    item: { kind: 'admin_stage_name_review', data: { line } },
    key: `admin_stage_name_review:${user.id}:${iso}`,
    at,
  });
  return { outcome: 'pending', admins };
}

/** The columns that end a stage-name request (approved, rejected or withdrawn). */
export const clearedRequest = (iso: string): UserUpdate => ({
  pending_stage_name: null,
  pending_stage_name_key: null,
  pending_stage_name_at: null,
  updated_at: iso,
});
