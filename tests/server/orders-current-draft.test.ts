// Drafts follow the account (issue 27): GET /temp-order/current answers the customer's newest open
// draft on any device, DELETE /temp-order/{id} is "Start over". Only one's own: another's is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../contracts/order';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { completeDraft, createDraft, makeCustomer, makeRatedArtist, placeOrder, U } from './orders-fixtures';

describe.each(databases)('the account draft (%s)', (kind) => {
  let h: Harness;
  let artist: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind);
    artist = await makeRatedArtist(h, { rate: 1800 });
  });
  afterAll(() => h.close());

  const call = (method: string, path: string, token: string) => h.call(method, `${U}${path}`, undefined, { token });

  it('answers 404 when the customer has no open draft', async () => {
    const { token } = await makeCustomer(h);
    const answer = await call('GET', '/temp-order/current', token);
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body).toEqual({ message: orderMessages.draftNotFound });
  });

  it("answers the customer's newest open draft, never a placed one nor another customer's", async () => {
    const { token } = await makeCustomer(h);
    const stranger = await makeCustomer(h);
    await placeOrder(h, token, [artist.user_id]);
    await createDraft(h, token, { recipient_first_name: 'Older' });
    const newer = await completeDraft(h, token, [artist.user_id]);
    await createDraft(h, stranger.token, { recipient_first_name: 'Stranger' });
    const answer = await call('GET', '/temp-order/current', token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.id).toBe(newer);
    expect(answer.body.data.committed_order_id).toBeNull();
    expect(answer.body.data.song.selected_artists).toEqual([artist.user_id]);
    const strangers = await call('GET', '/temp-order/current', stranger.token);
    expect(strangers.body.data.occasion.recipient_first_name).toBe('Stranger');
  });

  it('needs a signed-in customer', async () => {
    const answer = await h.call('GET', `${U}/temp-order/current`);
    expect(answer.status).toBe(401);
  });

  it('deletes an open draft once: then it is gone (404), and current finds none', async () => {
    const { token } = await makeCustomer(h);
    const id = await createDraft(h, token);
    const first = await call('DELETE', `/temp-order/${id}`, token);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ message: orderMessages.draftDiscarded, data: null });
    const again = await call('DELETE', `/temp-order/${id}`, token);
    expect(again.status).toBe(404);
    expect((await call('GET', `/temp-order/${id}`, token)).status).toBe(404);
    expect((await call('GET', '/temp-order/current', token)).status).toBe(404);
  });

  it("another customer's draft is a 404 and stays; a placed order's draft is a 409", async () => {
    const owner = await makeCustomer(h);
    const stranger = await makeCustomer(h);
    const id = await createDraft(h, owner.token);
    const answer = await call('DELETE', `/temp-order/${id}`, stranger.token);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: orderMessages.draftNotFound });
    expect((await call('GET', `/temp-order/${id}`, owner.token)).status).toBe(200);

    const placed = await placeOrder(h, owner.token, [artist.user_id]);
    const current = await call('GET', '/temp-order/current', owner.token);
    expect(current.body.data.id).toBe(id);
    const drafts = await h.database.db
      .selectFrom('temp_orders')
      .select('id')
      .where('committed_order_id', '=', placed.id)
      .execute();
    const refused = await call('DELETE', `/temp-order/${drafts[0]?.id}`, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ order_id: placed.id });
  });

  it('an id that is not a number is no route (404), as for every draft address', async () => {
    const { token } = await makeCustomer(h);
    expect((await call('DELETE', '/temp-order/abc', token)).status).toBe(404);
    expect((await call('DELETE', '/temp-order/0', token)).status).toBe(404);
  });
});
