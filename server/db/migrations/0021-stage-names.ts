import { type Kysely, sql } from 'kysely';
import { stageNameKey } from '../../artists/stage-name-key';
import type { Dialect } from '../database';
import type { DB } from '../schema';

const BATCH = 1000;

/**
 * Artists see what is urgent.
 *
 * Unique stage names: `users.stage_name_key` is the name as compared (server/artists/stage-name-key.ts:
 * case, spaces, accents and punctuation aside) under a unique index; an approved artist's new name waits
 * for an admin in `pending_stage_name` (its key unique too, so nobody else can take it meanwhile).
 * The backfill keys every stage name in id order: the oldest account keeps a name; a later artist with
 * the same name is renamed "<name> (2)", "(3)"… (the first free one) so that the catalogue tells them
 * apart, and can choose another name from their profile, which an admin then reviews.
 *
 * Offers by answer deadline: the artist's open offers page on (artist, status, expires_at, order).
 */
const COLUMNS = ['stage_name_key', 'pending_stage_name', 'pending_stage_name_key', 'pending_stage_name_at'];

export function stageNames(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // On SQLite a `down` leaves the columns (below): they are added when missing.
      const existing =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`pragma table_info(users)`.execute(db)).rows.map((row) => row.name)
          : [];
      for (const column of COLUMNS.filter((c) => !existing.includes(c)))
        await db.schema.alterTable('users').addColumn(column, 'text').execute();

      const typed = db as unknown as Kysely<DB>;
      const taken = new Set<string>();
      let after = 0;
      for (;;) {
        const rows = await typed
          .selectFrom('users')
          .select(['id', 'stage_name'])
          .where('stage_name', 'is not', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          const original = (row.stage_name as string).trim();
          let name = original;
          for (let n = 2; taken.has(stageNameKey(name)); n++) name = `${original} (${n})`;
          const key = stageNameKey(name);
          taken.add(key);
          await typed
            .updateTable('users')
            .set(name === row.stage_name ? { stage_name_key: key } : { stage_name: name, stage_name_key: key })
            .where('id', '=', row.id)
            .execute();
        }
        const last = rows.at(-1);
        if (!last || rows.length < BATCH) break;
        after = last.id;
      }

      await db.schema.createIndex('users_stage_name_key').unique().on('users').column('stage_name_key').execute();
      await db.schema
        .createIndex('users_pending_stage_name_key')
        .unique()
        .on('users')
        .column('pending_stage_name_key')
        .execute();
      // The admin's "stage names to review" list: the few artists with a request, by id.
      await sql`create index users_pending_stage_names on users (id) where pending_stage_name_key is not null`.execute(
        db,
      );
      await db.schema
        .createIndex('order_artists_artist_deadline')
        .on('order_artists')
        .columns(['artist_id', 'offer_status', 'expires_at', 'order_id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of [
        'order_artists_artist_deadline',
        'users_pending_stage_names',
        'users_pending_stage_name_key',
        'users_stage_name_key',
      ])
        await db.schema.dropIndex(index).execute();
      // Renamed duplicates keep their new names: which artist had which name first is not worth undoing.
      if (dialect === 'postgres') {
        for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('users').dropColumn(column).execute();
      } else {
        // SQLite cannot drop a column while 0014's upsert triggers exist (it fails re-reading them):
        // the columns stay, emptied, and nothing reads them.
        await sql`update users set stage_name_key = null, pending_stage_name = null, pending_stage_name_key = null,
          pending_stage_name_at = null`.execute(db);
      }
    },
  };
}
