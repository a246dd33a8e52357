import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistoryPage, PaymentHistoryPage } from '../../contracts/order';
import { migrationProvider } from '../../server/db/migrations';
import { createHarness, databases, type Harness } from './harness';
import { payOrder, startCheckout } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder, U } from './orders-fixtures';

// The customer's order and payment history, a page at a time (keyset on id, newest first).

type Customer = Awaited<ReturnType<typeof makeCustomer>>;
const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('customer order and payment history (%s)', (kind) => {
  let h: Harness;
  let ana: Customer;
  let ben: Customer;
  const anaOrders: { id: number; reference: string }[] = [];
  let benReference: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    const artist = await makeRatedArtist(h, { rate: 2000 });
    ana = await makeCustomer(h);
    ben = await makeCustomer(h);
    // Ana's and Ben's orders interleave, so Ben's ids fall between Ana's pages.
    for (let i = 0; i < 7; i++) {
      const order = await placeOrder(h, ana.token, [artist.user_id]);
      anaOrders.push(order);
      await startCheckout(h, ana.token, order.id);
      if (i % 3 === 0) {
        const other = await placeOrder(h, ben.token, [artist.user_id]);
        benReference = other.reference;
        await payOrder(h, ben.token, other.id);
      }
    }
    // A second attempt on one of Ana's orders: two payments for one order.
    await payOrder(h, ana.token, (anaOrders[2] as { id: number }).id);
  });
  afterAll(async () => {
    await h.close();
  });

  /** Follows next_cursor from the first page to the last; answers every page. */
  async function allPages<T>(path: string, token: string, limit: number, rowsOf: (data: T) => { id: number }[]) {
    const pages: { ids: number[]; next: string | null }[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      const answer = await h.call('GET', `${path}?${query}`, undefined, { token });
      expect(answer.status, answer.text).toBe(200);
      const data = answer.body.data as T & { next_cursor: string | null };
      pages.push({ ids: rowsOf(data).map((row) => row.id), next: data.next_cursor });
      cursor = data.next_cursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  }

  it('pages through every order exactly once, newest first, and never shows another customer’s', async () => {
    const pages = await allPages<OrderHistoryPage>(`${U}/orders`, ana.token, 3, (d) => d.orders);
    expect(pages.map((p) => p.ids.length)).toEqual([3, 3, 1]);
    expect(pages.at(-1)?.next).toBeNull();
    const expected = anaOrders.map((o) => o.id).sort((a, b) => b - a);
    expect(pages.flatMap((p) => p.ids)).toEqual(expected);
  });

  it('answers the first ten by default, each with its details, and an order placed meanwhile does not shift the pages', async () => {
    const all = await h.call('GET', `${U}/orders`, undefined, { token: ana.token });
    expect(all.status, all.text).toBe(200);
    const data = all.body.data as OrderHistoryPage;
    expect(data.orders).toHaveLength(7);
    expect(data.next_cursor).toBeNull();
    const newest = data.orders[0];
    expect(newest?.artists).toHaveLength(1);
    expect(newest?.events.map((e) => e.type)).toContain('created');

    const first = await h.call('GET', `${U}/orders?limit=4`, undefined, { token: ana.token });
    const cursor = first.body.data.next_cursor as string;
    const artist = await makeRatedArtist(h);
    const placed = await placeOrder(h, ana.token, [artist.user_id]);
    const rest = await h.call('GET', `${U}/orders?limit=4&cursor=${cursor}`, undefined, { token: ana.token });
    expect(rest.status, rest.text).toBe(200);
    const restIds = (rest.body.data as OrderHistoryPage).orders.map((o) => o.id);
    expect(restIds).toEqual(
      anaOrders
        .map((o) => o.id)
        .sort((a, b) => b - a)
        .slice(4),
    );
    expect(restIds).not.toContain(placed.id);
    anaOrders.push(placed);
  });

  it('?transaction= focuses one of the customer’s orders, and finds none of another customer’s', async () => {
    const wanted = anaOrders[1] as { id: number; reference: string };
    const own = await h.call('GET', `${U}/orders?transaction=${wanted.reference}`, undefined, { token: ana.token });
    expect(own.status, own.text).toBe(200);
    expect((own.body.data as OrderHistoryPage).orders.map((o) => o.id)).toEqual([wanted.id]);
    expect(own.body.data.next_cursor).toBeNull();

    const theirs = await h.call('GET', `${U}/orders?transaction=${benReference}`, undefined, { token: ana.token });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data).toEqual({ orders: [], next_cursor: null });
  });

  it('pages through every payment exactly once, newest first, with its order, and never another customer’s', async () => {
    const pages = await allPages<PaymentHistoryPage>(`${U}/payments`, ana.token, 3, (d) => d.payments);
    expect(pages.at(-1)?.next).toBeNull();
    // A recount through the orders, not through the payment's own customer column.
    const expected = await h.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.id')
      .where('orders.customer_id', '=', ana.id)
      .orderBy('payments.id', 'desc')
      .execute();
    expect(expected.length).toBeGreaterThanOrEqual(8);
    expect(pages.flatMap((p) => p.ids)).toEqual(expected.map((p) => p.id));
    expect(pages.slice(0, -1).every((p) => p.ids.length === 3)).toBe(true);

    const first = await h.call('GET', `${U}/payments`, undefined, { token: ana.token });
    const payments = (first.body.data as PaymentHistoryPage).payments;
    const references = new Set(anaOrders.map((o) => o.reference));
    expect(payments.every((p) => references.has(p.order_reference))).toBe(true);

    const bens = await h.call('GET', `${U}/payments`, undefined, { token: ben.token });
    expect((bens.body.data as PaymentHistoryPage).payments.every((p) => !references.has(p.order_reference))).toBe(true);
    expect((bens.body.data as PaymentHistoryPage).payments).toHaveLength(3);
  });

  it.each([
    ['cursor=abc', ['cursor']],
    ['cursor=99999999999', ['cursor']],
    ['cursor=2147483648', ['cursor']],
    ['limit=0', ['limit']],
    ['limit=51', ['limit']],
    ['limit=ten', ['limit']],
    ['cursor=-1&limit=1000', ['cursor', 'limit']],
  ])('a malformed %s is a 422 naming the field, on both lists', async (query, fields) => {
    for (const path of [`${U}/orders`, `${U}/payments`]) {
      const answer = await h.call('GET', `${path}?${query}`, undefined, { token: ana.token });
      expect(answer.status, answer.text).toBe(422);
      expect(Object.keys(answer.body.errors).sort()).toEqual(fields);
    }
  });

  it('needs the customer’s token', async () => {
    for (const path of [`${U}/orders`, `${U}/payments`]) {
      expect((await h.call('GET', path)).status).toBe(401);
    }
  });

  it('copies the order’s customer onto each payment', async () => {
    const mismatched = await h.database.db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select('payments.id')
      .where((eb) =>
        eb.or([eb('payments.customer_id', 'is', null), eb('payments.customer_id', '!=', eb.ref('orders.customer_id'))]),
      )
      .execute();
    expect(mismatched).toEqual([]);
  });
});

describe.each(databases)('migration 0013-customer-lists (%s)', (kind) => {
  let h: Harness;
  let migrator: Migrator;
  const db = () => h.database.db as unknown as Kysely<any>;
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  const payment = (id: number, orderId: number) =>
    db()
      .insertInto('payments')
      .values({
        id,
        order_id: orderId,
        provider: 'sandbox',
        method: 'gcash',
        txnid: `SC${id}`,
        amount_centavos: 200_000,
        status: 'pending',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
  const customerOf = async (paymentId: number) =>
    (await db().selectFrom('payments').select('customer_id').where('id', '=', paymentId).executeTakeFirstOrThrow())
      .customer_id;

  beforeAll(async () => {
    h = await createHarness(kind, { migrate: false });
    migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    await migrateTo('0012-search');
  });
  afterAll(async () => {
    await h.close();
  });

  it('fills the customer of payments made before it, keeps it filled, and comes down cleanly', async () => {
    for (const id of [1, 2]) {
      await db()
        .insertInto('users')
        .values({
          id,
          user_id: `u${id}`,
          type: 'user',
          email: `c${id}@example.test`,
          first_name: 'C',
          last_name: 'D',
          password_hash: 'x',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      await db()
        .insertInto('orders')
        .values({
          id: id * 10,
          reference: `OR${id}`,
          customer_id: id,
          status: 'awaiting_payment',
          price_centavos: 200_000,
          platform_fee_centavos: 40_000,
          occasion_name: 'birthday',
          recipient_first_name: 'Lola',
          needed_by: '2030-01-01',
          brief: '{}',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
    }
    await payment(1, 20);
    await payment(2, 10);

    await migrateTo('0013-customer-lists');
    expect([await customerOf(1), await customerOf(2)]).toEqual([2, 1]);
    await payment(3, 20);
    expect(await customerOf(3)).toBe(2);

    await migrateTo('0012-search');
    // Only this file's schema: on PostgreSQL the other test files' tables are listed too.
    const columns = (await db().introspection.getTables()).find(
      (t) => t.name === 'payments' && (t.schema ?? null) === (h.database.schema ?? t.schema ?? null),
    )?.columns;
    expect(columns?.map((c) => c.name)).not.toContain('customer_id');
    await payment(4, 10);
    await migrateTo('0013-customer-lists');
    expect(await customerOf(4)).toBe(1);
  });
});
