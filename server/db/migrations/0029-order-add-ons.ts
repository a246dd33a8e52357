import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Add-ons of an order (docs/decisions.md "Add-ons"):
 * - `artist_profiles.rush_price_centavos` / `rush_turnaround_days`: the artist's rush delivery, both null when
 *   they do not offer it (the default);
 * - `orders.rush` (0/1), `orders.rush_centavos` (the rush part of price_centavos), `orders.extra_revisions` and
 *   `orders.extra_revisions_centavos` (their part of price_centavos), 0 for an order without add-ons;
 * - `order_artists.rush_centavos`: the offer's artist's rush price, kept when the offer is made and included in
 *   its rate_centavos (null: no rush in this offer).
 * Every price stays in price_centavos, so earnings, payouts and refunds read it as before.
 */
const columns = [
  { table: 'artist_profiles', name: 'rush_price_centavos', notNull: false },
  { table: 'artist_profiles', name: 'rush_turnaround_days', notNull: false },
  { table: 'orders', name: 'rush', notNull: true },
  { table: 'orders', name: 'rush_centavos', notNull: true },
  { table: 'orders', name: 'extra_revisions', notNull: true },
  { table: 'orders', name: 'extra_revisions_centavos', notNull: true },
  { table: 'order_artists', name: 'rush_centavos', notNull: false },
] as const;

export function orderAddOns(dialect: Dialect) {
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
          .addColumn(column.name, 'integer', (col) => (column.notNull ? col.notNull().defaultTo(0) : col))
          .execute();
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      // SQLite checks every trigger of the schema again when a column goes, and 0014's upserts (`as t`) fail
      // that check though they run (as in 0025 and 0026): there the emptied columns stay, and `up` finds them.
      for (const column of [...columns].reverse()) {
        if (dialect === 'postgres') await db.schema.alterTable(column.table).dropColumn(column.name).execute();
        else await sql.raw(`update ${column.table} set ${column.name} = ${column.notNull ? '0' : 'null'}`).execute(db);
      }
    },
  };
}
