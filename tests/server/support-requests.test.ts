import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperationsCounts } from '../../contracts/operations-home';
import { orderMessages } from '../../contracts/order';
import { SUPPORT_MESSAGE_MAX, type SupportRequest, supportMessages } from '../../contracts/support';
import { readOutbox } from '../../server/services/mail';
import { createHarness, databases, type Harness } from './harness';
import { ADMIN, notificationsOf, type SignedIn, signedIn } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder, U } from './orders-fixtures';

// Help within reach (docs/api.md "Support"): the contact page and "Report a problem" create a request
// that reaches every admin (notification, digest line, the operations home's count) and mails the
// sender a copy; admins page the open ones and close them.

const SUPPORT_EMAIL = 'help@labsongs.example.com';
const env = { SUPPORT_EMAIL, RATE_LIMIT_SUPPORT_PER_CLIENT: '1000', ACCESS_TOKEN_TTL_SECONDS: '86400' };

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lola Cruz',
  email: 'lola.cruz@example.test',
  topic: 'payment',
  message: 'I paid twice by mistake. Can you help?',
  ...overrides,
});

describe.each(databases)('support requests (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());

  const openQueue = async () => {
    const answer = await h.call('GET', `${ADMIN}/operations`, undefined, { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data as OperationsCounts).queues.support_requests;
  };
  const openList = async (query = '') => {
    const answer = await h.call('GET', `${ADMIN}/support-requests${query}`, undefined, { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as { items: SupportRequest[]; next_cursor: string | null };
  };
  const copiesTo = async (address: string) => {
    await h.mailer.flush();
    return (await readOutbox(h.outboxDir)).filter((mail) => mail.to.includes(address));
  };
  const digestLines = async (id: number) =>
    h.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'user_id', 'payload'])
      .where('dedupe_key', '=', `admin_support_request:${id}:admin${admin.id}`)
      .execute();

  it('tells where to write: SUPPORT_EMAIL, no login needed', async () => {
    const answer = await h.call('GET', `${U}/support`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ email: SUPPORT_EMAIL });
  });

  it('takes a guest’s message: admins are alerted, counted and mailed a digest line; the sender gets a copy', async () => {
    const before = await openQueue();
    const email = `guest.${Date.now()}@example.test`;
    const answer = await h.call('POST', `${U}/support-requests`, contact({ email }));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe(supportMessages.sent);
    const { id } = answer.body.data as { id: number };
    expect(answer.body.data).toEqual({ id, topic: 'payment', order_reference: null });

    const row = await h.database.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, order_id: null, name: 'Lola Cruz', email, status: 'open' });
    expect(await openQueue()).toBe(before + 1);

    const notes = await notificationsOf(h, admin.id);
    expect(notes.some((n) => n.type === 'support_request' && n.body.includes('Lola Cruz'))).toBe(true);
    const digest = await digestLines(id);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.kind).toBe('admin_support_request');
    expect(JSON.parse(digest[0]?.payload ?? '{}').data.line).toContain(email);

    const [copy, ...more] = await copiesTo(email);
    expect(more).toEqual([]);
    expect(copy?.subject).toBe('We received your message');
    expect(copy?.text).toContain('I paid twice by mistake. Can you help?');
    expect(copy?.text).toContain('Hello Lola,');
    expect(copy?.text).toContain(SUPPORT_EMAIL);
  });

  it('uses a signed-in customer’s own name and email, whatever the form says', async () => {
    const customer = await makeCustomer(h);
    const answer = await h.call(
      'POST',
      `${U}/support-requests`,
      contact({ name: 'Someone Else', email: 'someone.else@example.test', topic: 'account' }),
      { token: customer.token },
    );
    expect(answer.status, answer.text).toBe(201);
    const row = await h.database.db
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', answer.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.id, email: customer.email, topic: 'account' });
    expect(row.name).not.toBe('Someone Else');
    expect(await copiesTo('someone.else@example.test')).toEqual([]);
    expect(await copiesTo(customer.email)).toHaveLength(1);
  });

  it('refuses a stale token on the contact form with 401 (the app renews it), never a guest request', async () => {
    const answer = await h.call('POST', `${U}/support-requests`, contact(), { token: 'not.a.token' });
    expect(answer.status).toBe(401);
  });

  it('reports a problem on the customer’s own order, with the order attached', async () => {
    const artist = await makeRatedArtist(h);
    const customer = await makeCustomer(h);
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const answer = await h.call(
      'POST',
      `${U}/orders/${order.id}/support-requests`,
      { message: 'The song page will not load.' },
      { token: customer.token },
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.data).toMatchObject({ topic: 'order', order_reference: order.reference });

    const listed = (await openList('?limit=50')).items.find((r) => r.id === answer.body.data.id);
    expect(listed).toMatchObject({
      status: 'open',
      topic: 'order',
      user_id: customer.id,
      email: customer.email,
      order: { id: order.id, reference: order.reference },
      message: 'The song page will not load.',
      closed_at: null,
    });
    const notes = await notificationsOf(h, admin.id);
    expect(notes.some((n) => n.type === 'support_request' && n.body.includes(order.reference))).toBe(true);
    const copies = (await copiesTo(customer.email)).filter((mail) => mail.subject.startsWith('We received'));
    expect(copies.map((mail) => mail.subject)).toEqual([`We received your report on order ${order.reference}`]);
    const [copy] = copies;
    expect(copy?.text).toContain(`/customer/account/orders/${order.id}`);
  });

  it('answers 404 for another customer’s order and writes nothing', async () => {
    const artist = await makeRatedArtist(h);
    const owner = await makeCustomer(h);
    const stranger = await makeCustomer(h);
    const order = await placeOrder(h, owner.token, [artist.user_id]);
    const count = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('support_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const answer = await h.call(
      'POST',
      `${U}/orders/${order.id}/support-requests`,
      { message: 'Let me see this order.' },
      { token: stranger.token },
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(orderMessages.orderNotFound);
    const missing = await h.call(
      'POST',
      `${U}/orders/999999/support-requests`,
      { message: 'x' },
      { token: stranger.token },
    );
    expect(missing.status).toBe(404);
    expect(await count()).toBe(before);
    // A guest cannot report on an order at all.
    expect((await h.call('POST', `${U}/orders/${order.id}/support-requests`, { message: 'x' })).status).toBe(401);
  });

  it('answers 422 naming each bad field', async () => {
    const answer = await h.call('POST', `${U}/support-requests`, {
      name: '  ',
      email: 'not-an-email',
      topic: 'billing',
      message: '   ',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['email', 'message', 'name', 'topic']);
    expect(answer.body.errors.topic).toEqual([supportMessages.topicRequired]);
    expect(answer.body.errors.message).toEqual([supportMessages.messageRequired]);

    const unknown = await h.call('POST', `${U}/support-requests`, { ...contact(), priority: 'high' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['priority']);

    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const empty = await h.call('POST', `${U}/orders/${order.id}/support-requests`, {}, { token: customer.token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: [supportMessages.messageRequired] });
  });

  it('refuses a message over the limit, and one with control characters', async () => {
    const long = await h.call(
      'POST',
      `${U}/support-requests`,
      contact({ message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) }),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: [supportMessages.messageTooLong] });
    const justRight = await h.call(
      'POST',
      `${U}/support-requests`,
      contact({ message: 'x'.repeat(SUPPORT_MESSAGE_MAX) }),
    );
    expect(justRight.status).toBe(201);
    const control = await h.call('POST', `${U}/support-requests`, contact({ message: 'hi\u0000there' }));
    expect(control.status).toBe(422);
    expect(Object.keys(control.body.errors)).toEqual(['message']);
  });

  it('pages the open requests oldest first, closes one (then 409), and 404s an unknown one', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const answer = await h.call('POST', `${U}/support-requests`, contact({ message: `Paging ${n}` }));
      ids.push(answer.body.data.id);
    }
    const all: SupportRequest[] = [];
    let cursor: string | null = null;
    do {
      const page = await openList(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      all.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    const seen = all.map((r) => r.id);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (const id of ids) expect(seen).toContain(id);

    const before = await openQueue();
    const target = ids[1] as number;
    const closed = await h.call('POST', `${ADMIN}/support-requests/${target}/close`, undefined, { token: admin.token });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.message).toBe(supportMessages.closed);
    expect(closed.body.data).toMatchObject({ id: target, status: 'closed', message: 'Paging 2' });
    expect(closed.body.data.closed_at).toEqual(expect.any(String));
    expect(await openQueue()).toBe(before - 1);
    expect((await openList('?limit=50')).items.map((r) => r.id)).not.toContain(target);

    const again = await h.call('POST', `${ADMIN}/support-requests/${target}/close`, undefined, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(supportMessages.alreadyClosed);
    const unknown = await h.call('POST', `${ADMIN}/support-requests/999999/close`, undefined, { token: admin.token });
    expect(unknown.status).toBe(404);

    const badCursor = await h.call('GET', `${ADMIN}/support-requests?cursor=abc`, undefined, { token: admin.token });
    expect(badCursor.status).toBe(422);
    expect(Object.keys(badCursor.body.errors)).toEqual(['cursor']);
  });

  it('keeps the queue to admins: a customer or a guest cannot list or close', async () => {
    const customer = await makeCustomer(h);
    const created = await h.call('POST', `${U}/support-requests`, contact());
    const id = created.body.data.id as number;
    for (const token of [customer.token, undefined]) {
      const list = await h.call('GET', `${ADMIN}/support-requests`, undefined, { token });
      expect([401, 403]).toContain(list.status);
      const close = await h.call('POST', `${ADMIN}/support-requests/${id}/close`, undefined, { token });
      expect([401, 403]).toContain(close.status);
    }
    const row = await h.database.db
      .selectFrom('support_requests')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });
});

describe.each(databases)('support requests: rate limit (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { ...env, RATE_LIMIT_SUPPORT_PER_CLIENT: '2' } });
  });
  afterAll(() => h.close());

  it('answers 429 with Retry-After past the limit per client, and stores nothing more', async () => {
    expect((await h.call('POST', `${U}/support-requests`, contact())).status).toBe(201);
    expect((await h.call('POST', `${U}/support-requests`, contact())).status).toBe(201);
    const third = await h.call('POST', `${U}/support-requests`, contact());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await h.database.db.selectFrom('support_requests').select('id').execute();
    expect(rows).toHaveLength(2);
    // The window passes: they may write again.
    h.clock.advance(60 * 60 * 1000 + 1000);
    expect((await h.call('POST', `${U}/support-requests`, contact())).status).toBe(201);
  });
});
