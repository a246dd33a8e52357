import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { lyricsTexts } from '../../contracts/lyrics';
import type { OrderMessage, OrderMessagesPage } from '../../contracts/order-messages';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  notificationsOf,
  type PaidOrder,
  paidOrder,
  payOrder,
  renewArtist,
  statusOf,
  submitRecording,
  U,
  uploadRecording,
} from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

// Lyrics for approval (docs/api.md "Lyrics for approval"): on a customer's first order with an artist, the
// artist posts lyrics in the thread and the customer approves them, or asks for changes, before the recording.

let counter = 0;
const clientId = () => `lyrics-${Date.now().toString(36)}-${++counter}`;

describe.each(databases)('lyrics for approval (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  });
  afterAll(() => h.close());

  /** A paid first order with lyrics approval on, taken by its first artist. */
  async function acceptedOrder(artistCount = 1): Promise<{ order: PaidOrder; artist: ArtistAccount }> {
    const order = await paidOrder(h, artistCount, undefined, { lyricsApproval: true });
    const artist = order.artists[0] as ArtistAccount;
    const accepted = await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: artist.token });
    expect(accepted.status, accepted.text).toBe(200);
    return { order, artist };
  }
  const postLyrics = (orderId: number, token: string, lyrics: string, id = clientId()) =>
    h.call('POST', `${A}/orders/${orderId}/lyrics`, { client_id: id, lyrics }, { token });
  const approve = (orderId: number, token: string) =>
    h.call('POST', `${U}/orders/${orderId}/lyrics/approve`, undefined, { token });
  const askChanges = (orderId: number, token: string, note: unknown) =>
    h.call('POST', `${U}/orders/${orderId}/lyrics/changes`, { note }, { token });
  const setApproval = (orderId: number, token: string, on: unknown) =>
    h.call('PUT', `${U}/orders/${orderId}/lyrics-approval`, { on }, { token });
  async function submit(orderId: number, token: string) {
    const location = await uploadRecording(h, token);
    return h.call(
      'POST',
      `${A}/orders/${orderId}/recording`,
      { temp_location: location, lyrics: 'La la la', human_made: true },
      { token },
    );
  }
  async function lifecycleOf(orderId: number, token: string) {
    const detail = await h.call('GET', `${U}/orders/${orderId}`, undefined, { token });
    expect(detail.status, detail.text).toBe(200);
    return detail.body.data.lifecycle as { lyrics_approval?: true; lyrics_step?: string; revisions_used: number };
  }
  async function revisionsUsed(orderId: number) {
    const row = await h.database.db
      .selectFrom('orders')
      .select('revisions_used')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return row.revisions_used;
  }

  it('asks the artist for lyrics first: no recording before the customer approves them; changes are not a revision', async () => {
    const { order, artist } = await acceptedOrder();
    const customer = order.customer.token;
    expect(await lifecycleOf(order.id, customer)).toMatchObject({ lyrics_approval: true, lyrics_step: 'draft' });
    const artistView = await h.call('GET', `${A}/orders/${order.id}`, undefined, { token: artist.token });
    expect(artistView.body.data.lifecycle).toMatchObject({ lyrics_approval: true, lyrics_step: 'draft' });

    // Before any draft: no recording, and nothing to approve.
    const early = await submit(order.id, artist.token);
    expect(early.status, early.text).toBe(409);
    expect(early.body.message).toBe(lyricsTexts.recordingWaits);
    const approveNothing = await approve(order.id, customer);
    expect(approveNothing.status).toBe(409);
    expect(approveNothing.body.message).toBe(lifecycleMessages.notNow.lyrics_approved);

    // The draft is a message of kind lyrics; the same client id again is the same draft.
    const id = clientId();
    const posted = await postLyrics(order.id, artist.token, 'Maria, you light the morning', id);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.message).toBe(lyricsTexts.posted);
    expect((posted.body.data as OrderMessage).kind).toBe('lyrics');
    const again = await postLyrics(order.id, artist.token, 'Something else', id);
    expect(again.status).toBe(200);
    expect((again.body.data as OrderMessage).id).toBe((posted.body.data as OrderMessage).id);
    expect(await lifecycleOf(order.id, customer)).toMatchObject({ lyrics_step: 'review' });
    const waiting = await submit(order.id, artist.token);
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(lyricsTexts.recordingWaitsReview);

    // Changes: a note is required; asking does not spend a revision.
    const before = await revisionsUsed(order.id);
    const empty = await askChanges(order.id, customer, '  ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ note: [lyricsTexts.noteRequired] });
    const changes = await askChanges(order.id, customer, 'Please add her dog Bantay in the chorus.');
    expect(changes.status, changes.text).toBe(201);
    expect((changes.body.data as OrderMessage).kind).toBe('lyrics_changes');
    expect(await revisionsUsed(order.id)).toBe(before);
    expect(await lifecycleOf(order.id, customer)).toMatchObject({ lyrics_step: 'changes', revisions_used: before });
    expect((await approve(order.id, customer)).status).toBe(409);

    expect((await postLyrics(order.id, artist.token, 'Maria and Bantay, you light the morning')).status).toBe(201);
    const approved = await approve(order.id, customer);
    expect(approved.status, approved.text).toBe(201);
    expect((approved.body.data as OrderMessage).kind).toBe('lyrics_approved');
    const twice = await approve(order.id, customer);
    expect(twice.status).toBe(409);
    const lifecycle = await lifecycleOf(order.id, customer);
    expect(lifecycle.lyrics_approval).toBe(true);
    expect(lifecycle.lyrics_step).toBeUndefined();
    expect((await postLyrics(order.id, artist.token, 'Too late')).status).toBe(409);

    // The thread holds each step, in order.
    const thread = await h.call('GET', `${U}/orders/${order.id}/messages`, undefined, { token: customer });
    expect((thread.body.data as OrderMessagesPage).items.map((m) => m.kind)).toEqual([
      'lyrics',
      'lyrics_changes',
      'lyrics',
      'lyrics_approved',
    ]);

    // The other side heard of each step.
    const customerTypes = (await notificationsOf(h, order.customer.id)).map((n) => n.type);
    expect(customerTypes.filter((t) => t === 'lyrics_posted')).toHaveLength(2);
    const artistTypes = (await notificationsOf(h, artist.id)).map((n) => n.type);
    expect(artistTypes).toContain('lyrics_changes_requested');
    expect(artistTypes).toContain('lyrics_approved');

    await submitRecording(h, artist.token, order.id);
    expect(await statusOf(h, order.id)).toBe('in_validation');
    expect(await revisionsUsed(order.id)).toBe(before);
  });

  it('answers 404 for another person’s order and for an artist only offered it', async () => {
    const { order, artist } = await acceptedOrder(2);
    const offeredOnly = order.artists[1] as ArtistAccount;
    const stranger = await makeCustomer(h);
    const strangerArtist = await makeRatedArtist(h, { rate: 2500 });
    expect((await postLyrics(order.id, offeredOnly.token, 'Not mine')).status).toBe(404);
    expect((await postLyrics(order.id, strangerArtist.token, 'Not mine')).status).toBe(404);
    expect((await postLyrics(order.id, artist.token, 'Mine')).status).toBe(201);
    expect((await approve(order.id, stranger.token)).status).toBe(404);
    expect((await askChanges(order.id, stranger.token, 'Change it all please now')).status).toBe(404);
    expect((await setApproval(order.id, stranger.token, false)).status).toBe(404);
    expect(await lifecycleOf(order.id, order.customer.token)).toMatchObject({ lyrics_step: 'review' });
  });

  it('validates the bodies: lyrics, note and the switch', async () => {
    const { order, artist } = await acceptedOrder();
    const blank = await postLyrics(order.id, artist.token, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ lyrics: [lyricsTexts.lyricsRequired] });
    const long = await postLyrics(order.id, artist.token, 'a'.repeat(10_001));
    expect(long.body.errors).toEqual({ lyrics: [lyricsTexts.lyricsTooLong] });
    const badId = await h.call(
      'POST',
      `${A}/orders/${order.id}/lyrics`,
      { client_id: 'x', lyrics: 'ok' },
      { token: artist.token },
    );
    expect(badId.status).toBe(422);
    expect(Object.keys(badId.body.errors)).toEqual(['client_id']);
    expect((await askChanges(order.id, order.customer.token, 42)).status).toBe(422);
    const badSwitch = await setApproval(order.id, order.customer.token, 'off');
    expect(badSwitch.status).toBe(422);
    expect(Object.keys(badSwitch.body.errors)).toEqual(['on']);
  });

  it('is off for a repeat order with the same artist, and the customer may turn it off or on before an artist takes it', async () => {
    const { order, artist } = await acceptedOrder();
    await renewArtist(h, artist);
    // A second order of this customer, taken by the same artist: no lyrics step.
    const second = await placeOrder(h, order.customer.token, [artist.user_id], { lyricsApproval: true });
    await payOrder(h, order.customer.token, second.id);
    expect((await h.call('POST', `${A}/orders/${second.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
    expect(await lifecycleOf(second.id, order.customer.token)).not.toHaveProperty('lyrics_approval');
    expect((await submit(second.id, artist.token)).status).toBe(200);

    // Before an artist: a setting, both ways.
    const customer = await makeCustomer(h);
    const other = await makeRatedArtist(h, { rate: 2500 });
    const third = await placeOrder(h, customer.token, [other.user_id], { lyricsApproval: true });
    const off = await setApproval(third.id, customer.token, false);
    expect(off.status, off.text).toBe(200);
    expect(off.body.message).toBe(lyricsTexts.turnedOff);
    expect(off.body.data.lifecycle).not.toHaveProperty('lyrics_approval');
    const on = await setApproval(third.id, customer.token, true);
    expect(on.body.data.lifecycle.lyrics_approval).toBe(true);
    expect((await setApproval(third.id, customer.token, false)).status).toBe(200);
    await payOrder(h, customer.token, third.id);
    expect((await h.call('POST', `${A}/orders/${third.id}/accept`, undefined, { token: other.token })).status).toBe(
      200,
    );
    expect((await submit(third.id, other.token)).status).toBe(200);
    // Once an artist took it, it cannot be turned on.
    const late = await setApproval(third.id, customer.token, true);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(lyricsTexts.onlyBeforeArtist);
  });

  it('lets the customer turn it off while the artist works on the lyrics: the artist may record and is told', async () => {
    const { order, artist } = await acceptedOrder();
    expect((await postLyrics(order.id, artist.token, 'First lines')).status).toBe(201);
    const off = await setApproval(order.id, order.customer.token, false);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.lifecycle).not.toHaveProperty('lyrics_step');
    expect((await notificationsOf(h, artist.id)).map((n) => n.type)).toContain('lyrics_skipped');
    expect((await approve(order.id, order.customer.token)).status).toBe(409);
    expect((await submit(order.id, artist.token)).status).toBe(200);
    // Off stays off: asking again changes nothing.
    const again = await setApproval(order.id, order.customer.token, false);
    expect(again.status).toBe(200);
    expect(await statusOf(h, order.id)).toBe('in_validation');
  });
});
