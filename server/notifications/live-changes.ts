import type { Kysely, Transaction } from 'kysely';
import type { AppStatus } from '../../contracts/account';
import type { LiveChange } from '../../contracts/live';
import type { DB } from '../db/schema';
import type { NotificationHub } from './hub';

type Executor = Kysely<DB> | Transaction<DB>;

/** One change and the accounts whose screens may show it. */
export interface AddressedChange {
  change: LiveChange;
  to: number[];
}

/**
 * The live changes one transaction makes, gathered while it runs and published once it has committed
 * (a change published before the commit would send clients to refetch the old state). Whoever writes
 * a change adds one line: `changes.add({ kind, id, status, … }, [who, …])`.
 */
export class ChangeSet {
  readonly items: AddressedChange[] = [];

  /** Adds `change` for the given accounts (nulls and repeats are dropped; nobody, nothing is added). */
  add(change: LiveChange, to: Iterable<number | null | undefined>): this {
    const ids = [...new Set([...to].filter((id): id is number => typeof id === 'number'))];
    if (ids.length > 0) this.items.push({ change, to: ids });
    return this;
  }
}

/** The active admins: every admin screen (validation queue, orders, payouts, applications) may show any change. */
export async function adminIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('type', '=', 'admin')
    .where('deactivated_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Everything a committed transaction has to push: the users with new notifications and the live
 * changes. Call it after the commit, never inside the transaction.
 */
export function publishCommitted(
  hub: NotificationHub,
  result: { notified?: number[]; changes?: ChangeSet | AddressedChange[] },
): void {
  if (result.notified && result.notified.length > 0) hub.publish(result.notified);
  const changes = result.changes instanceof ChangeSet ? result.changes.items : (result.changes ?? []);
  if (changes.length > 0) hub.publishChanges(changes);
}

/** An application's new status, for the artist's own screens and every admin's queue. */
export async function applicationChange(db: Executor, artistId: number, status: AppStatus): Promise<ChangeSet> {
  return new ChangeSet().add({ kind: 'application', id: artistId, status }, [artistId, ...(await adminIds(db))]);
}
