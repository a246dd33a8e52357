import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

// Periodic jobs change old rows a batch at a time: one statement never holds SQLite (one writer, and a
// synchronous driver that stops the whole process) or a PostgreSQL lock for long, and requests run
// between two batches.

/** Rows one maintenance statement deletes or updates at most. */
export const BATCH_ROWS = 500;

/** Lets the event loop serve what is waiting (requests, timers) before the next batch. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `batch` (at most BATCH_ROWS rows, answering how many it found) until a batch finds fewer than
 * BATCH_ROWS, yielding between two batches. Answers the total.
 */
export async function inBatches(batch: () => Promise<number | bigint>): Promise<number> {
  let total = 0;
  for (;;) {
    const found = Number(await batch());
    total += found;
    if (found < BATCH_ROWS) return total;
    await yieldToRequests();
  }
}

/** A table a periodic job prunes, with the unique key a batch is deleted by. */
type Prunable = {
  [T in keyof DB]: {
    table: T;
    key: keyof DB[T] & string;
    olderThan: { column: keyof DB[T] & string; before: string };
    /** Only the rows with these values too. */
    also?: Partial<Record<keyof DB[T] & string, string | number>>;
  };
}[keyof DB];

/**
 * Deletes the rows whose `olderThan.column` is before `olderThan.before` (and that have the values of `also`), a batch
 * at a time: a batch's keys are read through the index on that column, then deleted by key (as one
 * `delete … where key in (select … limit)` PostgreSQL hash-joins the whole table). Answers how many.
 */
export function deleteInBatches(db: Kysely<DB>, { table, key, olderThan, also = {} }: Prunable): Promise<number> {
  const filters = [
    sql`${sql.ref(olderThan.column)} < ${olderThan.before}`,
    ...Object.entries(also).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  ];
  return inBatches(async () => {
    const { rows } = await sql<{ key: string | number }>`select ${sql.ref(key)} as key from ${sql.table(table)}
      where ${sql.join(filters, sql` and `)} limit ${BATCH_ROWS}`.execute(db);
    if (rows.length > 0) {
      await sql`delete from ${sql.table(table)} where ${sql.ref(key)} in (${sql.join(rows.map((row) => row.key))})`.execute(
        db,
      );
    }
    return rows.length;
  });
}
