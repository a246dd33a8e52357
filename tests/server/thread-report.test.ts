import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SupportRequest, supportMessages } from '../../contracts/support';
import { threadReportTexts } from '../../contracts/thread-report';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, type PaidOrder, paidOrder, renewArtist, type SignedIn, signedIn, U } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

// "Report" on an order's thread (docs/api.md "Reporting a conversation"): the customer or the artist sends
// the thread to the team's support queue with a reason; one open report per person and order.

let counter = 0;
const clientId = () => `report-${Date.now().toString(36)}-${++counter}`;

describe.each(databases)('reporting a conversation (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  let order: PaidOrder;
  let artist: ArtistAccount;
  let offeredOnly: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_SUPPORT_PER_CLIENT: '3' } });
    admin = await signedIn(h, 'admin');
    order = await paidOrder(h, 2);
    [artist, offeredOnly] = order.artists as [ArtistAccount, ArtistAccount];
    expect((await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await admin.renew();
    await renewArtist(h, artist);
  });

  const report = (area: string, orderId: number, token: string, reason: unknown) =>
    h.call('POST', `${area}/orders/${orderId}/messages/report`, { reason }, { token });
  async function openRequests() {
    const answer = await h.call('GET', `${ADMIN}/support-requests?limit=50`, undefined, { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data.items as SupportRequest[];
  }

  it('sends the thread to the support queue, linked to the order up to its newest message; once per person while open', async () => {
    const sent = await h.call(
      'POST',
      `${U}/orders/${order.id}/messages`,
      { client_id: clientId(), body: 'Pay me outside the app, they said.' },
      { token: order.customer.token },
    );
    expect(sent.status, sent.text).toBe(201);
    const answer = await report(U, order.id, order.customer.token, 'The artist asked me to pay outside Labsongs.');
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe(supportMessages.sent);
    expect(answer.body.data).toMatchObject({ topic: 'order', order_reference: order.reference });

    const request = (await openRequests()).find((r) => r.id === answer.body.data.id);
    expect(request).toMatchObject({
      order: { id: order.id, reference: order.reference },
      thread: { through_message_id: sent.body.data.id },
      user_id: order.customer.id,
    });
    expect(request?.message).toContain('The artist asked me to pay outside Labsongs.');
    // Every admin is alerted, as for any support request.
    const alerts = await h.database.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', admin.id)
      .where('order_id', '=', order.id)
      .execute();
    expect(alerts.map((a) => a.type)).toContain('support_request');

    const twice = await report(U, order.id, order.customer.token, 'Again, the same problem here.');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(threadReportTexts.alreadyReported);

    // The artist reports on their own; once the team closed the customer's, the customer may report again.
    const byArtist = await report(A, order.id, artist.token, 'The customer keeps sharing a phone number.');
    expect(byArtist.status, byArtist.text).toBe(201);
    const closed = await h.call('POST', `${ADMIN}/support-requests/${answer.body.data.id}/close`, undefined, {
      token: admin.token,
    });
    expect(closed.status).toBe(200);
    expect((await report(U, order.id, order.customer.token, 'It happened once more today.')).status).toBe(201);
  });

  it('answers 404 for another person’s thread and for an artist only offered the order; 409 before payment', async () => {
    const stranger = await makeCustomer(h);
    const strangerArtist = await makeRatedArtist(h, { rate: 2500 });
    expect((await report(U, order.id, stranger.token, 'Not my order at all, sorry.')).status).toBe(404);
    expect((await report(A, order.id, offeredOnly.token, 'Not my order at all, sorry.')).status).toBe(404);
    expect((await report(A, order.id, strangerArtist.token, 'Not my order at all, sorry.')).status).toBe(404);
    const unpaid = await placeOrder(h, stranger.token, [strangerArtist.user_id]);
    expect((await report(U, unpaid.id, stranger.token, 'Nothing to report yet here.')).status).toBe(409);
  });

  it('validates the reason under its field', async () => {
    const customer = await makeCustomer(h);
    const other = await paidOrder(h, 1, customer);
    for (const [reason, message] of [
      ['  ', threadReportTexts.reasonRequired],
      ['Too short', threadReportTexts.reasonTooShort],
      ['x'.repeat(1001), threadReportTexts.reasonTooLong],
    ] as const) {
      const answer = await report(U, other.id, customer.token, reason);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ reason: [message] });
    }
    const unknown = await h.call(
      'POST',
      `${U}/orders/${other.id}/messages/report`,
      { reason: 'A real reason for the team', extra: 1 },
      { token: customer.token },
    );
    expect(unknown.status).toBe(422);
  });

  it('is rate-limited with the other support requests', async () => {
    // A fresh count for this test: three per client per hour in this harness.
    await h.database.db.deleteFrom('rate_limits').execute();
    const customer = await makeCustomer(h);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const each = await paidOrder(h, 1, customer);
      statuses.push((await report(U, each.id, customer.token, 'Please look at this conversation.')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
