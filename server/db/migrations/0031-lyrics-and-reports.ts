import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Lyrics for approval and reported conversations (docs/decisions.md "Lyrics for approval", "Reporting a
 * conversation"):
 * - `orders.lyrics_approval` (0/1): the customer approves the artist's lyrics before the recording. On for
 *   a new order (the default) until the customer turns it off; the server turns it off when the artist who
 *   accepts has sung for this customer before. Orders placed before this migration keep their terms (0).
 * - `orders.lyrics_step`: where the lyrics stand while the artist works ('draft', 'review', 'changes');
 *   null otherwise (the lifecycle machine's substate of in_progress). When the approval happened is in
 *   order_events (`lyrics_approved`).
 * - `order_messages.kind`: 'text', or a lyrics draft, the customer's change request or approval.
 * - `support_requests.thread_through_id`: a reported conversation, up to this message; one open report
 *   per person and order (partial unique index).
 */
const columns = [
  { table: 'orders', name: 'lyrics_approval', type: 'integer', default: '1', check: 'lyrics_approval in (0, 1)' },
  {
    table: 'orders',
    name: 'lyrics_step',
    type: 'text',
    default: null,
    check: "lyrics_step in ('draft', 'review', 'changes')",
  },
  {
    table: 'order_messages',
    name: 'kind',
    type: 'text',
    default: "'text'",
    check: "kind in ('text', 'lyrics', 'lyrics_changes', 'lyrics_approved')",
  },
  { table: 'support_requests', name: 'thread_through_id', type: 'integer', default: null, check: null },
] as const;

export function lyricsAndReports(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const column of columns) {
        // SQLite's `down` keeps the emptied columns (see there): an `up` after it finds them.
        const kept =
          dialect === 'sqlite' &&
          (await sql`select name from pragma_table_info(${column.table}) where name = ${column.name}`.execute(db)).rows
            .length > 0;
        if (kept) continue;
        await db.schema
          .alterTable(column.table)
          .addColumn(column.name, column.type, (col) => {
            const typed = column.default === null ? col : col.notNull().defaultTo(sql.raw(column.default));
            return column.check === null ? typed : typed.check(sql.raw(column.check));
          })
          .execute();
      }
      // New orders ask for lyrics approval by default; those placed before keep the terms they were placed on.
      await sql`update orders set lyrics_approval = 0`.execute(db);
      await sql`create unique index support_requests_thread_open on support_requests (order_id, user_id)
        where status = 'open' and thread_through_id is not null`.execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop index support_requests_thread_open`.execute(db);
      // SQLite checks every trigger of the schema again when a column goes, and 0014's upserts fail that
      // check though they run (as in 0025, 0026 and 0029): there the emptied columns stay, and `up` finds them.
      // (lyrics_approval goes back to 1, its default, so a new order placed after an `up` again asks for it.)
      for (const column of [...columns].reverse()) {
        if (dialect === 'postgres') await db.schema.alterTable(column.table).dropColumn(column.name).execute();
        else
          await sql
            .raw(`update ${column.table} set ${column.name} = ${column.default === null ? 'null' : column.default}`)
            .execute(db);
      }
    },
  };
}
