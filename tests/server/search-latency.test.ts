import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, databases, type Harness } from './harness';

// Migration 0032: PostgreSQL's trigram indexes take each write at once, so no write ever pays for merging
// a pending list that other writes left (a 100 ms order update at the scale data set). SQLite's FTS5 has
// no such list, so there is nothing to check without PostgreSQL.

describe.skipIf(!databases.includes('postgres'))('search indexes without a pending list (postgres)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('postgres');
  });
  afterAll(async () => {
    await h.close();
  });

  it('the order and artist search indexes have fastupdate off', async () => {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class
      where relname in ('order_search_doc', 'users_artist_search')
        and relnamespace = (select oid from pg_namespace where nspname = current_schema())
      order by relname`.execute(h.database.db);
    expect(rows).toEqual([
      { relname: 'order_search_doc', reloptions: ['fastupdate=off'] },
      { relname: 'users_artist_search', reloptions: ['fastupdate=off'] },
    ]);
  });
});
