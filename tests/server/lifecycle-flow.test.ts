import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { makeAdmin } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, notificationsOf, paidOrder, statusOf, submitRecording, U } from './lifecycle-fixtures';

// The whole journey of docs/architecture.md §4 through the HTTP API, as the three parties drive it.
describe.each(databases)('an order from payment to gift (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await makeAdmin(h);
  });
  afterAll(() => h.close());

  it('offers, accepts, validates, revises, delivers, completes, rates, credits and shares', async () => {
    const order = await paidOrder(h, 2);
    const [first, second] = order.artists as [(typeof order.artists)[0], (typeof order.artists)[0]];
    expect(await statusOf(h, order.id)).toBe('offered');
    // Both artists were offered the order and told so.
    for (const artist of [first, second]) {
      const offers = await h.call('GET', `${A}/orders?stage=new`, undefined, { token: artist.token });
      expect(offers.status, offers.text).toBe(200);
      expect(offers.body.data.items.map((o: { id: number }) => o.id)).toEqual([order.id]);
      expect((await notificationsOf(h, artist.id)).map((n) => n.type)).toEqual(['new_order']);
    }

    // First accept wins; the second artist's offer is withdrawn.
    const accepted = await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: first.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'in_progress', offer: { status: 'accepted' } });
    expect(accepted.body.data.due_at).toEqual(expect.any(String));
    const late = await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: second.token });
    // The second artist had an offer, so they learn why: another artist took it.
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(lifecycleMessages.notNow.artist_accepted);
    expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toEqual(['accepted_by_artist']);

    // Recording → admin asks for a revision → re-upload → validated.
    await submitRecording(h, first.token, order.id, 'First take');
    expect(await statusOf(h, order.id)).toBe('in_validation');
    const revise = await h.call(
      'POST',
      `${ADMIN}/orders/${order.id}/request-revision`,
      { notes: 'Say the name clearly' },
      { token: admin.token },
    );
    expect(revise.status, revise.text).toBe(200);
    const revision = await h.call('GET', `${A}/orders?stage=revision`, undefined, { token: first.token });
    expect(revision.body.data.items[0].feedback).toMatchObject({ from: 'admin', text: 'Say the name clearly' });
    await submitRecording(h, first.token, order.id, 'Second take');
    const validated = await h.call('POST', `${ADMIN}/orders/${order.id}/validate`, undefined, { token: admin.token });
    expect(validated.status, validated.text).toBe(200);
    expect(validated.body.data.recording).toMatchObject({ version: 2, status: 'validated' });

    // The customer hears it, asks for changes once, then accepts and rates.
    const delivered = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token: order.customer.token });
    expect(delivered.body.data).toMatchObject({
      status: 'delivered',
      recording: { version: 2, lyrics: 'Second take' },
    });
    const rejected = await h.call(
      'POST',
      `${U}/orders/${order.id}/reject`,
      { reason: 'A slower tempo would suit the song.' },
      { token: order.customer.token },
    );
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.data.lifecycle).toMatchObject({ status: 'in_revision', revisions_used: 1, revision_limit: 2 });
    await submitRecording(h, first.token, order.id, 'Third take');
    await h.call('POST', `${ADMIN}/orders/${order.id}/validate`, undefined, { token: admin.token });
    const done = await h.call('POST', `${U}/orders/${order.id}/accept`, undefined, { token: order.customer.token });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe('completed');
    const rated = await h.call(
      'POST',
      `${U}/orders/${order.id}/rate`,
      { rating: 5, review: 'Beautiful' },
      { token: order.customer.token },
    );
    expect(rated.status, rated.text).toBe(200);
    expect(rated.body.data).toMatchObject({ rating: 5, review: 'Beautiful', lifecycle: { rated: true } });
    const again = await h.call(
      'POST',
      `${U}/orders/${order.id}/rate`,
      { rating: 4, review: '' },
      { token: order.customer.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(lifecycleMessages.notNow.customer_rated);

    // The earning is credited and appears as a pending payout for the admin.
    const earnings = await h.call('GET', `${A}/earnings`, undefined, { token: first.token });
    expect(earnings.status, earnings.text).toBe(200);
    expect(earnings.body.data.totals).toEqual({ pending: 0, available: 2000, paid_out: 0 });
    const payouts = await h.call('GET', `${ADMIN}/payouts?status=pending`, undefined, { token: admin.token });
    const payout = payouts.body.data.items.find(
      (p: { order_reference: string }) => p.order_reference === order.reference,
    );
    expect(payout).toMatchObject({ amount: 2000, status: 'pending' });
    const paid = await h.call(
      'POST',
      `${ADMIN}/payouts/${payout.id}/mark-paid`,
      { reference: 'BDO-1' },
      { token: admin.token },
    );
    expect(paid.status, paid.text).toBe(200);
    expect((await h.call('POST', `${ADMIN}/payouts/${payout.id}/mark-paid`, {}, { token: admin.token })).status).toBe(
      409,
    );

    // The gift page plays the song for anyone with the link.
    const gift = await h.call(
      'POST',
      `${U}/orders/${order.id}/gift`,
      { reveal_on: null },
      { token: order.customer.token },
    );
    expect(gift.status, gift.text).toBe(200);
    const page = await h.call('GET', `${U}/gifts/${gift.body.data.token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.data).toMatchObject({ revealed: true, lyrics: 'Third take', thanked: false });
    const thanks = await h.call('POST', `${U}/gifts/${gift.body.data.token}/thanks`, {
      name: 'Jose',
      message: 'Salamat!',
    });
    expect(thanks.status, thanks.text).toBe(201);
    const completed = await h.call('GET', `${A}/orders?stage=completed`, undefined, { token: first.token });
    expect(completed.body.data.items[0]).toMatchObject({ rating: 5, thanks: { name: 'Jose', message: 'Salamat!' } });

    expect((await notificationsOf(h, first.id)).map((n) => n.type)).toEqual([
      'new_order',
      'uploaded_by_artist',
      'revision_by_admin',
      'uploaded_by_artist',
      'validated_by_admin',
      'rejected_by_customer',
      'uploaded_by_artist',
      'validated_by_admin',
      'accepted_by_customer',
      'completed_order',
      'rated_by_customer',
      // The admin marked the earning paid.
      'payout_paid',
    ]);
    for (const n of await notificationsOf(h, first.id)) expect(`${n.title} ${n.body}`).toContain(order.reference);
  });
});
