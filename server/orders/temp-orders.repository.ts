import type { Kysely, Transaction } from 'kysely';
import type { ArtistProfileRow, DB, DraftStep, TempOrderRow, UserRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

const draftSteps: readonly DraftStep[] = ['occasion', 'song', 'story'];

/** The steps a draft has completed, from its JSON column (anything unexpected is dropped). */
export function completedStepsOf(row: TempOrderRow): Set<DraftStep> {
  try {
    const parsed: unknown = JSON.parse(row.completed_steps);
    return new Set(Array.isArray(parsed) ? draftSteps.filter((step) => parsed.includes(step)) : []);
  } catch {
    return new Set();
  }
}

/** Steps in flow order, as stored. */
const stepsJson = (steps: Iterable<string>): string => {
  const set = new Set(steps);
  return JSON.stringify([...draftSteps, 'review'].filter((step) => set.has(step)));
};

export function insertTempOrder(db: Executor, userId: number, occasionJson: string, at: string): Promise<TempOrderRow> {
  return db
    .insertInto('temp_orders')
    .values({
      user_id: userId,
      occasion: occasionJson,
      song: null,
      story: null,
      completed_steps: stepsJson(['occasion']),
      committed_order_id: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The draft if it is this customer's; another customer's draft is as good as missing. */
export function findTempOrderForUser(db: Executor, userId: number, id: number): Promise<TempOrderRow | undefined> {
  return db.selectFrom('temp_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The customer's newest open (not committed) draft: the one another device continues. */
export function findCurrentTempOrder(db: Executor, userId: number): Promise<TempOrderRow | undefined> {
  return db
    .selectFrom('temp_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('committed_order_id', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Deletes the customer's open draft ("Start over"); false when there is none by that id (or it is an order now). */
export async function deleteOpenTempOrder(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('temp_orders')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('committed_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Saves one step of a draft that is still open (not committed) and marks it completed. Conditional on
 * `committed_order_id is null`, so a save racing a commit either lands before it or not at all.
 */
export function saveTempOrderStep(
  db: Executor,
  row: TempOrderRow,
  step: DraftStep,
  json: string,
  at: string,
): Promise<TempOrderRow | undefined> {
  const steps = completedStepsOf(row);
  steps.add(step);
  return db
    .updateTable('temp_orders')
    .set({ [step]: json, completed_steps: stepsJson(steps), updated_at: at })
    .where('id', '=', row.id)
    .where('committed_order_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The first statement of a commit: touches the open draft, which locks its row until the transaction
 * ends (PostgreSQL; SQLite runs one write transaction at a time), so of two concurrent commits of one
 * draft the second finds it committed.
 */
export function claimOpenTempOrder(
  trx: Transaction<DB>,
  userId: number,
  id: number,
  at: string,
): Promise<TempOrderRow | undefined> {
  return trx
    .updateTable('temp_orders')
    .set({ updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('committed_order_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markTempOrderCommitted(
  trx: Transaction<DB>,
  row: TempOrderRow,
  orderId: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('temp_orders')
    .set({
      committed_order_id: orderId,
      completed_steps: stepsJson([...completedStepsOf(row), 'review']),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Artist accounts by public user_id, whatever their status (a draft shows whom it chose), with profiles. */
export async function findArtistsByPublicIds(
  db: Executor,
  publicIds: readonly string[],
): Promise<Map<string, { user: UserRow; profile: ArtistProfileRow | undefined }>> {
  const found = new Map<string, { user: UserRow; profile: ArtistProfileRow | undefined }>();
  if (publicIds.length === 0) return found;
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('type', '=', 'artist')
    .where('user_id', 'in', [...publicIds])
    .execute();
  if (users.length === 0) return found;
  const profiles = await db
    .selectFrom('artist_profiles')
    .selectAll()
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  const byId = new Map(profiles.map((p) => [p.user_id, p]));
  for (const user of users) found.set(user.user_id, { user, profile: byId.get(user.id) });
  return found;
}
