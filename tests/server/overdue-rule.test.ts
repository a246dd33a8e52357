import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOverdue } from '../../contracts/lifecycle';
import type { OperationsCounts } from '../../contracts/operations-home';
import type { OrderStatus } from '../../contracts/order-status';
import { alertOverdueOrders } from '../../server/admin/overdue-alerts';
import type { OrderRow } from '../../server/db/schema';
import { dueAtFor } from '../../server/lifecycle/order-actions';
import { makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { ADMIN } from './lifecycle-fixtures';
import { occasionBody, songBody, storyBody } from './orders-fixtures';

// One rule of overdue work (contracts/lifecycle.ts isOverdue: work in progress or in revision past its
// due date) behind every place that asks: the admin's `overdue` list, its search (short and indexed),
// the operations home's count and the admins' overdue alert. Each must pick exactly the orders the
// rule picks, on both sides of the due instant.

const DAY_MS = 86_400_000;
/** The needed-by day whose due instant is the test's "now". */
const DAY = '2031-06-12';
const dayBefore = (days: number) => new Date(Date.parse(`${DAY}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
const RECIPIENT = 'Overduella';

describe.each(databases)('overdue work, one rule (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };
  const orders = new Map<string, OrderRow>();

  beforeAll(async () => {
    h = await createHarness(kind);
    h.clock.set(dueAtFor(DAY));
    admin = await makeAdmin(h);
    const customer = await makeCustomer(h);
    const artist = await makeArtist(h, { status: 'approved' });
    const rows: [name: string, status: OrderStatus, neededBy: string, due: boolean][] = [
      ['long late', 'in_progress', dayBefore(5), true],
      ['late revision', 'in_revision', dayBefore(1), true],
      ['due now', 'in_progress', DAY, true],
      ['not yet due', 'in_progress', dayBefore(-3), true],
      ['waiting for validation', 'in_validation', dayBefore(5), true],
      ['without an artist', 'needs_artist', dayBefore(5), false],
    ];
    const at = h.clock.now().toISOString();
    for (const [i, [name, status, neededBy, due]] of rows.entries()) {
      const order = await h.database.db
        .insertInto('orders')
        .values({
          reference: `OR9${String(i + 1).padStart(8, '0')}`,
          customer_id: customer.id,
          artist_id: status === 'needs_artist' ? null : artist.id,
          status,
          price_centavos: 250_000,
          platform_fee_centavos: 50_000,
          occasion_name: 'birthday',
          recipient_first_name: RECIPIENT,
          needed_by: neededBy,
          due_at: due ? dueAtFor(neededBy) : null,
          brief: JSON.stringify({ occasion: occasionBody(), song: songBody(h, [artist.user_id]), story: storyBody() }),
          paid_at: at,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      orders.set(name, order);
    }
  });
  afterAll(() => h.close());

  const idsOf = (names: string[]) => names.map((name) => orders.get(name)?.id).sort((a, b) => Number(a) - Number(b));
  const sorted = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
  const get = async (path: string) => {
    const answer = await h.call('GET', `${ADMIN}${path}`, undefined, { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };

  /** Every way of asking for overdue work answers `expected` (by name) at the clock's instant. */
  async function expectOverdue(expected: string[]) {
    const now = h.clock.now();
    expect([...orders].filter(([, order]) => isOverdue(order, now)).map(([name]) => name)).toEqual(expected);
    const ids = idsOf(expected);
    expect(sorted((await get('/orders?stage=overdue&limit=50')).items)).toEqual(ids);
    expect(sorted((await get(`/orders?stage=overdue&limit=50&q=${RECIPIENT.toLowerCase()}`)).items)).toEqual(ids);
    expect(sorted((await get('/orders?stage=overdue&limit=50&q=or')).items)).toEqual(ids);
    expect(((await get('/operations')) as OperationsCounts).queues.overdue).toBe(ids.length);
  }

  it('is work in progress or in revision whose due instant has passed', async () => {
    // At the due instant of DAY's order, that order is not late yet.
    await expectOverdue(['long late', 'late revision']);
    expect(await alertOverdueOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBe(2);

    h.clock.advance(1);
    await expectOverdue(['long late', 'late revision', 'due now']);
    // Alerted once each: only the newly late order now.
    expect(await alertOverdueOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBe(1);
    expect(await alertOverdueOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBe(0);

    // Delivered for validation before the job read it: no longer overdue, not alerted.
    h.clock.advance(3 * DAY_MS);
    await h.database.db
      .updateTable('orders')
      .set({ status: 'in_validation' })
      .where('id', '=', Number(orders.get('not yet due')?.id))
      .execute();
    orders.set('not yet due', { ...(orders.get('not yet due') as OrderRow), status: 'in_validation' });
    admin.token = await h.login('admin', await emailOf(admin.id), 'Admin123!');
    await expectOverdue(['long late', 'late revision', 'due now']);
    expect(await alertOverdueOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBe(0);
  });

  const emailOf = async (id: number) =>
    (await h.database.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
});
