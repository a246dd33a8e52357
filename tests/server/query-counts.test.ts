import type { Hono } from 'hono';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { insertNotifications } from '../../server/notifications/notifications.repository';
import { makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { paidOrder, payOrder, signedIn } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

/**
 * Counts the statements the app sends (a query log): a list must cost the same for 1 row as for N.
 * Counted as their results come back: a subquery is transformed on its own but is part of its statement.
 */
class QueryLog implements KyselyPlugin {
  statements: string[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.statements.push(args.queryId.queryId);
    return args.result;
  }
}

describe.each(databases)('queries per list page (%s)', (kind) => {
  let h: Harness;
  let app: Hono<AppEnv>;
  const log = new QueryLog();

  beforeAll(async () => {
    h = await createHarness(kind);
    app = createApp({ ...h.deps, database: { ...h.database, db: h.database.db.withPlugin(log) } });
  });
  afterAll(async () => {
    await h.close();
  });

  const countOf = async (path: string, token?: string) => {
    log.statements = [];
    const res = await app.request(path, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown[]> };
    return { queries: log.statements.length, rows: Object.values(body.data).find(Array.isArray)?.length ?? 0 };
  };

  it("a customer's order list: the same queries for 1 order as for 4", async () => {
    const few = await makeCustomer(h);
    await paidOrder(h, 2, few);
    const many = await makeCustomer(h);
    for (let i = 0; i < 4; i++) await paidOrder(h, 2, many);
    const one = await countOf('/api/v1/user/orders', few.token);
    const four = await countOf('/api/v1/user/orders', many.token);
    expect(one.rows).toBe(1);
    expect(four.rows).toBe(4);
    expect(four.queries).toBe(one.queries);
    // The account and its token's revocation (auth, one statement), the orders, then one query per
    // relation: no per-row queries.
    expect(four.queries).toBeLessThanOrEqual(10);
  });

  it("an artist's offers and the admin's list: the same queries for 1 row as for 3", async () => {
    const artist = await makeRatedArtist(h, { rate: 2000 });
    const customer = await makeCustomer(h);
    const offer = async () => payOrder(h, customer.token, (await placeOrder(h, customer.token, [artist.user_id])).id);
    await offer();
    const one = await countOf('/api/v1/artist/orders?stage=new', artist.token);
    await offer();
    await offer();
    const three = await countOf('/api/v1/artist/orders?stage=new', artist.token);
    expect(one.rows).toBe(1);
    expect(three.rows).toBe(3);
    expect(three.queries).toBe(one.queries);

    const admin = await signedIn(h, 'admin');
    const adminOne = await countOf('/api/v1/admin/orders?limit=1', admin.token);
    const adminMany = await countOf('/api/v1/admin/orders?limit=3', admin.token);
    expect(adminOne.rows).toBe(1);
    expect(adminMany.rows).toBe(3);
    expect(adminMany.queries).toBe(adminOne.queries);
  });

  it('notifications: the same queries for a page of 1 as for a page of 20', async () => {
    const person = await makeCustomer(h);
    const rows = Array.from({ length: 25 }, (_, i) => ({
      userId: person.id,
      type: 'new_order' as const,
      title: `Note ${i}`,
      body: 'Body',
      orderId: null,
    }));
    await insertNotifications(h.database.db, rows, h.clock.now().toISOString());
    const one = await countOf('/api/v1/user/notifications?limit=1', person.token);
    const twenty = await countOf('/api/v1/user/notifications?limit=20', person.token);
    expect(one.rows).toBe(1);
    expect(twenty.rows).toBe(20);
    expect(twenty.queries).toBe(one.queries);
  });

  it('the catalogue: one query (its version) when the answer is cached', async () => {
    await makeArtist(h, { online: true, song: true, stageName: 'Counted Cora' });
    const cold = await countOf('/api/v1/user/artists');
    expect(cold.rows).toBeGreaterThan(0);
    expect(cold.queries).toBeGreaterThan(1);
    const warm = await countOf('/api/v1/user/artists');
    expect(warm.queries).toBe(1);
  });
});
