import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveChange } from '../../contracts/live';
import {
  MESSAGES_PER_WINDOW,
  type OrderMessage,
  type OrderMessagesPage,
  orderMessageTexts,
  TEAM_AUTHOR_NAME,
} from '../../contracts/order-messages';
import { HIDDEN } from '../../server/messages/mask-contacts';
import { type ArtistAccount, fileWithMagic, formOf, storedFiles, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, type PaidOrder, paidOrder, renewArtist, type SignedIn, signedIn, U } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

// Order messages (docs/api.md "Order messages"): one thread per paid order between its customer, the
// artist who took it and the team; contact details masked; a send retried with its client id stored once.

const MB = 1024 * 1024;
let clientCounter = 0;
const clientId = () => `client-${Date.now().toString(36)}-${++clientCounter}`;
const pdfBytes = () =>
  Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(5000, 0x20)]);

describe.each(databases)('order messages (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  let order: PaidOrder;
  let taker: ArtistAccount;
  let offeredOnly: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { MAX_UPLOAD_MB: '1', ACCESS_TOKEN_TTL_SECONDS: '86400' } });
    admin = await signedIn(h, 'admin');
    order = await paidOrder(h, 2);
    [taker, offeredOnly] = order.artists as [ArtistAccount, ArtistAccount];
    const accepted = await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: taker.token });
    expect(accepted.status, accepted.text).toBe(200);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await admin.renew();
    await renewArtist(h, taker);
  });

  const customerPath = () => `${U}/orders/${order.id}/messages`;
  const artistPath = () => `${A}/orders/${order.id}/messages`;
  const adminPath = () => `${ADMIN}/orders/${order.id}/messages`;
  const send = (path: string, token: string, body: Record<string, unknown>) =>
    h.call('POST', path, { client_id: clientId(), ...body }, { token });
  const page = async (path: string, token: string, query = '') => {
    const answer = await h.call('GET', `${path}${query}`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as OrderMessagesPage;
  };

  it('lets the customer and the artist who took the order write to each other, and the team as "Labsongs team"', async () => {
    const fromCustomer = await send(customerPath(), order.customer.token, { body: 'Her name is said "Ma-ree-ya".' });
    expect(fromCustomer.status, fromCustomer.text).toBe(201);
    expect(fromCustomer.body.message).toBe(orderMessageTexts.sent);
    const fromArtist = await send(artistPath(), taker.token, { body: 'Thank you! Does she like ballads?' });
    expect(fromArtist.status, fromArtist.text).toBe(201);
    const fromTeam = await send(adminPath(), admin.token, { body: 'We are here if you need us.' });
    expect(fromTeam.status, fromTeam.text).toBe(201);

    const seenByArtist = await page(artistPath(), taker.token);
    expect(seenByArtist.items.map((m) => [m.author.role, m.author.name, m.mine])).toEqual([
      ['customer', expect.any(String), false],
      ['artist', expect.any(String), true],
      ['team', TEAM_AUTHOR_NAME, false],
    ]);
    expect(seenByArtist.writable).toBe(true);
    const seenByOtherAdmin = await page(adminPath(), (await signedIn(h, 'admin')).token);
    expect(seenByOtherAdmin.items.at(-1)?.mine).toBe(true);
  });

  it('answers 404 for another customer’s thread, for an artist only offered the order, and for a stranger artist', async () => {
    const stranger = await makeCustomer(h);
    const otherArtist = await makeRatedArtist(h, { rate: 2500 });
    for (const [path, token] of [
      [customerPath(), stranger.token],
      [artistPath(), offeredOnly.token],
      [artistPath(), otherArtist.token],
    ] as const) {
      expect((await h.call('GET', path, undefined, { token })).status).toBe(404);
      expect((await send(path, token, { body: 'Hello?' })).status).toBe(404);
      expect((await h.call('POST', `${path}/read`, { last_read_id: 1 }, { token })).status).toBe(404);
      const upload = await h.upload(`${path}/attachments`, formOf({}, { file: { bytes: wavBytes(), name: 'a.wav' } }), {
        token,
      });
      expect(upload.status).toBe(404);
    }
  });

  it('refuses a thread before payment (409) and a message after the order is finished', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h, { rate: 2500 });
    const unpaid = await placeOrder(h, customer.token, [artist.user_id]);
    const path = `${U}/orders/${unpaid.id}/messages`;
    const list = await h.call('GET', path, undefined, { token: customer.token });
    expect(list.status).toBe(409);
    expect(list.body.message).toBe(orderMessageTexts.notPaidYet);
    const sent = await send(path, customer.token, { body: 'Before paying' });
    expect(sent.status).toBe(409);
    expect(
      await h.database.db.selectFrom('order_messages').select('id').where('order_id', '=', unpaid.id).execute(),
    ).toEqual([]);

    await h.database.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', unpaid.id).execute();
    const closed = await send(path, customer.token, { body: 'After' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(orderMessageTexts.threadClosed);
    expect((await page(path, customer.token)).writable).toBe(false);
  });

  it('masks emails, phone numbers (Philippine forms too), links and handles when storing, and says so', async () => {
    const answer = await send(customerPath(), order.customer.token, {
      body: 'Text me at 0917 123 4567 or +63 917 1234567, mail maria@example.com, see facebook.com/maria or @maria_sings. Party on 12.05.2026!',
    });
    expect(answer.status, answer.text).toBe(201);
    const message = answer.body.data as OrderMessage;
    expect(message.masked).toBe(true);
    expect(message.body).toBe(
      `Text me at ${HIDDEN} or ${HIDDEN}, mail ${HIDDEN}, see ${HIDDEN} or ${HIDDEN}. Party on 12.05.2026!`,
    );
    const row = await h.database.db
      .selectFrom('order_messages')
      .select(['body', 'masked'])
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.body).not.toContain('0917');
    expect(row.masked).toBe(1);
    const plain = await send(customerPath(), order.customer.token, { body: 'She turns 80, born 1946.' });
    expect(plain.body.data.masked).toBe(false);
  });

  it('stores a message once when it is sent again with its client id (a retry after a dropped connection)', async () => {
    const id = clientId();
    const first = await h.call(
      'POST',
      customerPath(),
      { client_id: id, body: 'Once only' },
      { token: order.customer.token },
    );
    expect(first.status, first.text).toBe(201);
    const again = await h.call(
      'POST',
      customerPath(),
      { client_id: id, body: 'Once only' },
      { token: order.customer.token },
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const rows = await h.database.db.selectFrom('order_messages').select('id').where('client_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    // The same id on another order is not this message.
    const other = await paidOrder(h, 1, order.customer);
    const elsewhere = await h.call(
      'POST',
      `${U}/orders/${other.id}/messages`,
      { client_id: id, body: 'Once only' },
      { token: order.customer.token },
    );
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors.client_id).toEqual([orderMessageTexts.clientIdTaken]);
  });

  it('validates the body: empty without an attachment, too long, unknown fields', async () => {
    const empty = await send(customerPath(), order.customer.token, { body: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual([orderMessageTexts.bodyRequired]);
    const long = await send(customerPath(), order.customer.token, { body: 'a'.repeat(2001) });
    expect(long.status).toBe(422);
    expect(long.body.errors.body).toEqual([orderMessageTexts.bodyTooLong]);
    const extra = await send(customerPath(), order.customer.token, { body: 'Hi', price: 1 });
    expect(extra.status).toBe(422);
    const badId = await h.call(
      'POST',
      customerPath(),
      { client_id: '../x', body: 'Hi' },
      { token: order.customer.token },
    );
    expect(badId.status).toBe(422);
    expect(badId.body.errors.client_id).toEqual([orderMessageTexts.clientIdInvalid]);
  });

  it('takes a sound, a picture or a PDF as an attachment, sends it once, and opens it only through its signed link', async () => {
    const pdf = await h.upload(
      `${artistPath()}/attachments`,
      formOf({}, { file: { bytes: pdfBytes(), name: 'lyrics draft.pdf' } }),
      { token: taker.token },
    );
    expect(pdf.status, pdf.text).toBe(201);
    expect(pdf.body.data).toMatchObject({ name: 'lyrics draft.pdf', type: 'application/pdf' });
    const png = await h.upload(
      `${artistPath()}/attachments`,
      formOf({}, { file: { bytes: fileWithMagic('png'), name: 'cover.png' } }),
      { token: taker.token },
    );
    expect(png.status, png.text).toBe(201);

    // Someone else's upload, or one of another order, cannot be sent.
    const stolen = await send(customerPath(), order.customer.token, {
      body: 'Mine now',
      attachment_id: pdf.body.data.id,
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.attachment_id).toEqual([orderMessageTexts.attachmentUnusable]);

    const sent = await send(artistPath(), taker.token, { body: '', attachment_id: pdf.body.data.id });
    expect(sent.status, sent.text).toBe(201);
    const message = sent.body.data as OrderMessage;
    expect(message.attachment).toMatchObject({
      name: 'lyrics draft.pdf',
      type: 'application/pdf',
      size: pdfBytes().length,
    });
    const reused = await send(artistPath(), taker.token, { body: 'again', attachment_id: pdf.body.data.id });
    expect(reused.status).toBe(422);

    // The customer's link opens the file; it names the customer, so it is refused once they lose the order.
    const customerView = (await page(customerPath(), order.customer.token)).items.find((m) => m.id === message.id);
    const url = customerView?.attachment?.url ?? '';
    expect(url).toMatch(new RegExp(`^/api/v1/user/orders/${order.id}/messages/${message.id}/attachment\\?`));
    const file = await h.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdfBytes())).toBe(true);
    expect((await h.request(url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`))).status).toBe(404);
    expect((await h.request(url.replace('/api/v1/user/', '/api/v1/artist/'))).status).toBe(404);
    // Another message id with the same signature: refused.
    expect((await h.request(url.replace(`/messages/${message.id}/`, `/messages/${message.id + 1}/`))).status).toBe(404);
  });

  it('refuses an oversized attachment (413) and a disguised one (415), keeping nothing', async () => {
    const before = await storedFiles(h, 'attachments');
    const big = await h.upload(
      `${customerPath()}/attachments`,
      formOf({}, { file: { bytes: Buffer.concat([wavBytes(), Buffer.alloc(MB)]), name: 'big.wav' } }),
      { token: order.customer.token },
    );
    expect(big.status).toBe(413);
    expect(big.body.errors.file).toHaveLength(1);
    for (const [bytes, name] of [
      [fileWithMagic('exe'), 'song.mp3'],
      [fileWithMagic('text'), 'photo.png'],
      [fileWithMagic('mp4-video'), 'voice.m4a'],
    ] as const) {
      const answer = await h.upload(
        `${customerPath()}/attachments`,
        formOf({}, { file: { bytes, name, type: 'image/png' } }),
        {
          token: order.customer.token,
        },
      );
      expect(answer.status, name).toBe(415);
      expect(answer.body.errors.file).toEqual([orderMessageTexts.attachmentOnly]);
    }
    await expect.poll(() => storedFiles(h, 'attachments')).toEqual(before);
  });

  it('pages the thread newest first with a keyset cursor', async () => {
    const fresh = await paidOrder(h, 1);
    const [artist] = fresh.artists as [ArtistAccount];
    expect((await h.call('POST', `${A}/orders/${fresh.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
    const path = `${U}/orders/${fresh.id}/messages`;
    for (let i = 1; i <= 7; i++)
      expect((await send(path, fresh.customer.token, { body: `Note ${i}` })).status).toBe(201);
    const first = await page(path, fresh.customer.token, '?limit=3');
    expect(first.items.map((m) => m.body)).toEqual(['Note 5', 'Note 6', 'Note 7']);
    const second = await page(path, fresh.customer.token, `?limit=3&cursor=${first.next_cursor}`);
    expect(second.items.map((m) => m.body)).toEqual(['Note 2', 'Note 3', 'Note 4']);
    const last = await page(path, fresh.customer.token, `?limit=3&cursor=${second.next_cursor}`);
    expect(last.items.map((m) => m.body)).toEqual(['Note 1']);
    expect(last.next_cursor).toBeNull();
  });

  it('counts unread messages per reader on the thread and the order, and a read mark only moves forward', async () => {
    const fresh = await paidOrder(h, 1);
    const [artist] = fresh.artists as [ArtistAccount];
    expect((await h.call('POST', `${A}/orders/${fresh.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
    const customerThread = `${U}/orders/${fresh.id}/messages`;
    const artistThread = `${A}/orders/${fresh.id}/messages`;
    const one = await send(customerThread, fresh.customer.token, { body: 'One' });
    const two = await send(customerThread, fresh.customer.token, { body: 'Two' });
    const unreadOf = async () =>
      (await h.call('GET', `${A}/orders/${fresh.id}`, undefined, { token: artist.token })).body.data.unread_messages;
    expect(await unreadOf()).toBe(2);
    expect((await page(artistThread, artist.token)).unread).toBe(2);
    // The sender has read their own messages.
    const customerOrder = await h.call('GET', `${U}/orders/${fresh.id}`, undefined, { token: fresh.customer.token });
    expect(customerOrder.body.data.unread_messages).toBe(0);
    const teamOrder = await h.call('GET', `${ADMIN}/orders/${fresh.id}`, undefined, { token: admin.token });
    expect(teamOrder.body.data.unread_messages).toBe(2);

    const read = await h.call(
      'POST',
      `${artistThread}/read`,
      { last_read_id: one.body.data.id },
      { token: artist.token },
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toEqual({ last_read_id: one.body.data.id, unread: 1 });
    await h.call('POST', `${artistThread}/read`, { last_read_id: two.body.data.id }, { token: artist.token });
    const back = await h.call(
      'POST',
      `${artistThread}/read`,
      { last_read_id: one.body.data.id },
      { token: artist.token },
    );
    expect(back.body.data).toEqual({ last_read_id: two.body.data.id, unread: 0 });
    expect(await unreadOf()).toBe(0);
    // An admin's reading counts for the whole team.
    await h.call(
      'POST',
      `${ADMIN}/orders/${fresh.id}/messages/read`,
      { last_read_id: two.body.data.id },
      { token: admin.token },
    );
    const otherAdmin = await signedIn(h, 'admin');
    const seen = await h.call('GET', `${ADMIN}/orders/${fresh.id}`, undefined, { token: otherAdmin.token });
    expect(seen.body.data.unread_messages).toBe(0);
    // A mark past the thread is clamped to its newest message; before the first one there is nothing to mark.
    const past = await h.call('POST', `${artistThread}/read`, { last_read_id: 2_000_000_000 }, { token: artist.token });
    expect(past.body.data.last_read_id).toBe(two.body.data.id);
  });

  it('publishes a live change to the participants and the admins, and rate-limits sending', async () => {
    const fresh = await paidOrder(h, 1);
    const [artist] = fresh.artists as [ArtistAccount];
    expect((await h.call('POST', `${A}/orders/${fresh.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
    const heard: Record<number, LiveChange[]> = {};
    const stops = [fresh.customer.id, artist.id, admin.id].map((id) =>
      h.hub.subscribe(id, (signal) => {
        if (signal?.type === 'change' && signal.change.kind === 'message')
          heard[id] = [...(heard[id] ?? []), signal.change];
      }),
    );
    try {
      const sent = await send(`${U}/orders/${fresh.id}/messages`, fresh.customer.token, { body: 'Live?' });
      const expected = {
        kind: 'message',
        id: sent.body.data.id,
        status: 'customer',
        order_id: fresh.id,
        reference: fresh.reference,
      };
      await expect.poll(() => heard[artist.id]).toEqual([expected]);
      await expect.poll(() => heard[admin.id]).toEqual([expected]);
    } finally {
      for (const stop of stops) stop();
    }

    const path = `${U}/orders/${fresh.id}/messages`;
    for (let i = 1; i < MESSAGES_PER_WINDOW; i++) {
      expect((await send(path, fresh.customer.token, { body: `Burst ${i}` })).status).toBe(201);
    }
    const limited = await send(path, fresh.customer.token, { body: 'One too many' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(orderMessageTexts.tooManyMessages);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
