import type { Hono } from 'hono';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type RootOperationNode,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { createHarness, databases, type Harness } from './harness';
import { ADMIN, paidOrder, type SignedIn, signedIn } from './lifecycle-fixtures';
import { makeCustomer } from './orders-fixtures';

// The admin's searches and lists use their indexes (migration 0012): the plan of the very statement each
// endpoint sends, on 6,000 orders, 3,000 artists and 12,000 customers, analysed. At that size PostgreSQL
// finds a rare fragment's few rows as cheaply by walking the whole small table (or its primary key) as
// through the GIN index, so for the rare fragment's plan plain scans are turned off: the plan then shows
// the GIN index serves the query. At the scale data set (bench:scale) it chooses the GIN index itself.

const ORDERS = 6000;
const ARTISTS = 3000;
const CUSTOMERS = 12000;

/** Keeps the statements the app sends, to ask the database for their plans. */
class StatementLog implements KyselyPlugin {
  nodes: PluginTransformQueryArgs[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(databases)('admin search plans (%s)', (kind) => {
  let h: Harness;
  let app: Hono<AppEnv>;
  let admin: SignedIn;
  const log = new StatementLog();

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin');
    app = createApp({ ...h.deps, database: { ...h.database, db: h.database.db.withPlugin(log) } });
    const db = h.database.db;
    const model = await paidOrder(h, 1);
    const customer = await makeCustomer(h);
    await db.updateTable('users').set({ last_name: 'Commonname' }).where('id', '=', customer.id).execute();
    const at = h.clock.now().toISOString();
    const series =
      kind === 'postgres'
        ? (n: number) => sql`generate_series(1, ${sql.lit(n)}) as s(i)`
        : (n: number) =>
            sql`(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(n)}) select i from s)`;
    // Most orders finished, one in twenty work in progress (some overdue), one recipient rare.
    await sql`insert into orders (reference, customer_id, status, price_centavos, platform_fee_centavos, occasion_name,
        recipient_first_name, needed_by, brief, created_at, updated_at, due_at)
      select 'OR77' || (100000 + i), ${customer.id},
        case when i % 20 = 0 then 'in_progress' else 'completed' end, 100000, 20000, 'birthday',
        case when i = 4321 then 'Zephyrine' else 'Carmen' end, '2030-01-01',
        (select brief from orders where id = ${model.id}), ${at}, ${at},
        case when i % 20 = 0 then '2020-01-01T00:00:00.000Z' end
      from ${series(ORDERS)}`.execute(db);
    await sql`insert into users (user_id, type, email, first_name, last_name, password_hash, app_status, stage_name,
        created_at, updated_at)
      select 'plan' || i, 'artist', 'artist' || i || '@plans.test', 'Ana', 'Reyes', 'x', 'approved',
        case when i = 1234 then 'Velvet Zephyr' else 'Blue Echo ' || i end, ${at}, ${at}
      from ${series(ARTISTS)}`.execute(db);
    await sql`insert into users (user_id, type, email, first_name, last_name, password_hash, created_at, updated_at)
      select 'planc' || i, 'user', 'customer' || i || '@plans.test', 'Jose', 'Cruz', 'x', ${at}, ${at}
      from ${series(CUSTOMERS)}`.execute(db);
    await sql`analyze`.execute(db);
  });
  afterAll(() => h.close());

  /** The plan of the statement of `path` whose SQL holds `marker`. */
  async function planOf(path: string, marker: string, noSeqScan = false): Promise<string> {
    log.nodes = [];
    const res = await app.request(path, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    const executor = h.database.db.getExecutor();
    const statement = log.nodes
      .map((args) => executor.compileQuery(args.node, args.queryId))
      .find((query) => query.sql.includes(marker));
    if (!statement) throw new Error(`no statement with ${marker} for ${path}`);
    const explain = kind === 'postgres' ? 'explain ' : 'explain query plan ';
    const rows = await h.database.db.connection().execute(async (connection) => {
      if (noSeqScan && kind === 'postgres') {
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_indexscan = off`.execute(connection);
      }
      const plan = await connection.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(explain + statement.sql, [...statement.parameters]),
      );
      if (noSeqScan && kind === 'postgres') await sql`reset all`.execute(connection);
      return plan.rows;
    });
    return rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
  }

  it('an order search reads the trigram index, newest first, without sorting', async () => {
    const rare = await planOf(`${ADMIN}/orders?q=zephyrine`, 'order_search', true);
    const common = await planOf(`${ADMIN}/orders?q=commonname`, 'order_search');
    const staged = await planOf(`${ADMIN}/orders?q=commonname&stage=in_progress`, 'order_search');
    if (kind === 'postgres') {
      // Few matches: read them from the GIN index. Many: walk the ids backwards and stop at the page.
      expect(rare).toMatch(/Bitmap Index Scan on order_search_doc/);
      expect(common).toMatch(/Index Scan Backward using order_search_pkey/);
      expect(common).not.toMatch(/Sort/);
      expect(staged).toMatch(/order_search_(pkey|stage|doc)/);
    } else {
      for (const plan of [rare, common, staged]) {
        expect(plan).toMatch(/SCAN order_search VIRTUAL TABLE INDEX \d+:M/);
        expect(plan).toMatch(/SEARCH orders USING INTEGER PRIMARY KEY/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    }
    const answer = await h.call('GET', `${ADMIN}/orders?q=zephyrine`, undefined, { token: admin.token });
    expect(answer.body.data.items.map((o: { recipient_first_name: string }) => o.recipient_first_name)).toEqual([
      'Zephyrine',
    ]);
  });

  it('the overdue list walks orders_due_work in its order', async () => {
    const plan = await planOf(`${ADMIN}/orders?stage=overdue`, 'due_at');
    expect(plan).toMatch(/orders_due_work/);
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });

  it('the artists list and search use their indexes', async () => {
    const list = await planOf(`${ADMIN}/artists`, 'last_reason');
    const searched = await planOf(`${ADMIN}/artists?q=zephyr`, 'last_reason', true);
    expect(list).toMatch(/users_type_id/);
    expect(list).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key: users/);
    // PostgreSQL: a few thousand artists are filtered as cheaply through users_artist_status; the GIN
    // index only pays with many more, so its plan is not asserted here.
    if (kind === 'sqlite') expect(searched).toMatch(/artist_search VIRTUAL TABLE INDEX \d+:M/);
    const answer = await h.call('GET', `${ADMIN}/artists?q=zephyr`, undefined, { token: admin.token });
    expect(answer.body.data.items.map((a: { stage_name: string }) => a.stage_name)).toEqual(['Velvet Zephyr']);
  });
});
