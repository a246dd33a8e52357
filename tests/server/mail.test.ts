import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDeadline, formatPesosWithCentavos } from '../../contracts/format';
import { mailCategories } from '../../contracts/mail';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/mail/mail-worker';
import { enqueuePayoutPaidMail, enqueueRefundRecordedMail } from '../../server/mail/money-mails';
import { silentLogger } from '../../server/services/logger';
import { createMailer, findLink, type OutboxMail, readOutbox } from '../../server/services/mail';
import { ARTIST_PASSWORD, type ArtistAccount, makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness, isFailureEnvelope } from './harness';
import { A, ADMIN, paidOrder, payOrder, type SignedIn, signedIn, submitRecording } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder, U } from './orders-fixtures';
import { postForm, txnidOfUrl } from './support/payment-fixtures';

const OFFER_TTL_MS = 3_600_000;
const DIGEST_MS = 5 * 60_000;
const env = { OFFER_TTL_HOURS: '1', ACCESS_TOKEN_TTL_SECONDS: '86400', MAIL_DIGEST_MINUTES: '5' };
const PUBLIC = 'http://labsongs.test';

const emailOf = async (h: Harness, userId: number) =>
  (await h.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

/** Sends what is queued and answers every mail in the outbox folder, oldest first. */
async function delivered(h: Harness): Promise<OutboxMail[]> {
  await h.mailer.flush();
  return readOutbox(h.outboxDir);
}

const subjectsTo = (mails: OutboxMail[], email: string) =>
  mails.filter((m) => m.to.includes(email)).map((m) => m.subject);

/** A mail's header lines by lower-case name, as sent (mailparser folds List-* headers into one object). */
const headerMap = (parsed: { headerLines: readonly { key: string; line: string }[] }) =>
  new Map(
    parsed.headerLines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\s+/g, ' ')
        .trim(),
    ]),
  );

/** The raw headers of a mail in the outbox (List-Unsubscribe and friends). */
async function headersOf(h: Harness, mail: OutboxMail) {
  return headerMap(await simpleParser(await readFile(path.join(h.outboxDir, mail.file))));
}

const post = (h: Harness, url: string, body: unknown, token: string) => h.call('POST', url, body, { token });

describe.each(databases)('mail (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());

  it('a paid order leaves a receipt for the customer and an offer mail for each artist asked', async () => {
    const order = await paidOrder(h, 2);
    const mails = await delivered(h);
    const customerEmail = await emailOf(h, order.customer.id);
    const toCustomer = mails.filter((m) => m.to.includes(customerEmail));
    expect(toCustomer.map((m) => m.subject)).toEqual([
      `Order ${order.reference} is waiting for payment`,
      `Receipt for order ${order.reference}`,
    ]);
    // The waiting-for-payment mail leads to the page that pays for this order.
    expect(findLink(toCustomer[0] as OutboxMail, '/pay/')).toBe(`${PUBLIC}/pay/${order.id}`);
    const receipt = toCustomer[1] as OutboxMail;
    expect(receipt.text).toContain(`Order: ${order.reference}`);
    expect(receipt.text).toMatch(/Amount paid: ₱[\d,]+/);
    expect(receipt.text).toContain('Method: Test payment (sandbox)');
    expect(receipt.text).toMatch(/Payment reference: \S+/);
    expect(receipt.text).toContain('Artists asked: Stage ');
    const link = `${PUBLIC}/customer/account/orders/${order.id}`;
    expect(findLink(receipt, '/customer/')).toBe(link);
    expect(receipt.html).toContain(`href="${link}"`);
    expect(receipt.html).toContain(order.reference);
    // A receipt is essential: no unsubscribe link.
    expect((await headersOf(h, receipt)).has('list-unsubscribe')).toBe(false);
    expect(receipt.text).not.toContain('Unsubscribe');

    const offers = await h.database.db
      .selectFrom('order_artists')
      .select(['artist_id', 'expires_at'])
      .where('order_id', '=', order.id)
      .execute();
    for (const artist of order.artists) {
      const toArtist = mails.filter((m) => m.to.includes(artist.email));
      expect(toArtist).toHaveLength(1);
      const offer = toArtist[0] as OutboxMail;
      const expiresAt = offers.find((o) => o.artist_id === artist.id)?.expires_at as string;
      expect(offer.subject).toBe(`New song offer ${order.reference}: answer by ${formatDeadline(expiresAt)}`);
      expect(offer.text).toContain(`Answer by: ${formatDeadline(expiresAt)}`);
      expect(offer.text).toContain('(Manila time, UTC+8)');
      expect(findLink(offer, '/artist/song-orders')).toBe(`${PUBLIC}/artist/song-orders`);
      const headers = await headersOf(h, offer);
      expect(headers.get('list-unsubscribe')).toMatch(new RegExp(`^<${PUBLIC}/mail/unsubscribe\\?token=[^>]+>$`));
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(offer.text).toContain(`Unsubscribe: ${headers.get('list-unsubscribe')?.slice(1, -1)}`);
      expect(offer.text).toContain(`Unsubscribe: ${PUBLIC}/mail/unsubscribe?token=`);
      expect(offer.html).toContain('Unsubscribe</a>');
    }
  });

  it('every event of an order and an application leaves its mail once', async () => {
    const order = await paidOrder(h, 2);
    const [taker, other] = order.artists as [ArtistAccount, ArtistAccount];
    const ref = order.reference;
    const customerEmail = await emailOf(h, order.customer.id);
    const ok = async (answer: Promise<{ status: number; text: string }>) => {
      const a = await answer;
      expect(a.status, a.text).toBeLessThan(300);
    };
    await ok(post(h, `${A}/orders/${order.id}/accept`, undefined, taker.token));
    await submitRecording(h, taker.token, order.id);
    await ok(
      post(h, `${ADMIN}/orders/${order.id}/request-revision`, { notes: 'A slower bridge, please.' }, admin.token),
    );
    await submitRecording(h, taker.token, order.id);
    await ok(post(h, `${ADMIN}/orders/${order.id}/validate`, undefined, admin.token));
    await ok(
      post(h, `${U}/orders/${order.id}/reject`, { reason: 'More guitar in the chorus, please.' }, order.customer.token),
    );
    await submitRecording(h, taker.token, order.id);
    await ok(post(h, `${ADMIN}/orders/${order.id}/validate`, undefined, admin.token));
    await ok(post(h, `${U}/orders/${order.id}/accept`, undefined, order.customer.token));
    await ok(post(h, `${U}/orders/${order.id}/rate`, { rating: 4, review: 'Lovely voice.' }, order.customer.token));
    await ok(post(h, `${U}/orders/${order.id}/gift`, {}, order.customer.token));
    const { gift_token: giftToken } = await h.database.db
      .selectFrom('orders')
      .select('gift_token')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    await ok(h.call('POST', `${U}/gifts/${giftToken}/thanks`, { name: 'Ana', message: 'I cried. Thank you!' }));

    const cancelled = await paidOrder(h, 1);
    await ok(post(h, `${U}/orders/${cancelled.id}/cancel`, {}, cancelled.customer.token));
    const expiring = await paidOrder(h, 1);

    const mails = await delivered(h);
    expect(subjectsTo(mails, customerEmail)).toEqual([
      `Order ${ref} is waiting for payment`,
      `Receipt for order ${ref}`,
      expect.stringMatching(new RegExp(`^Stage .+ is writing your song \\(${ref}\\)$`)),
      expect.stringMatching(new RegExp(`^Your song for \\w+ is ready \\(${ref}\\)$`)),
      // The revised song's mail says which version it is and quotes what she asked for.
      expect.stringMatching(new RegExp(`^Version 2 of your song for \\w+ is ready \\(${ref}\\)$`)),
    ]);
    const revised = mails.find((m) => m.subject.startsWith('Version 2 of your song')) as OutboxMail;
    expect(revised.text).toContain('> More guitar in the chorus, please.');
    const accepted = mails.find((m) => m.subject.includes('is writing your song')) as OutboxMail;
    // The same words as the order page, the artist's card and the console (contracts/format.ts).
    const { due_at: dueAt } = await h.database.db
      .selectFrom('orders')
      .select('due_at')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(accepted.text).toContain(`Song due by: ${formatDeadline(dueAt)}`);
    expect(accepted.text).toMatch(/Song due by: .+, end of day \(Manila time, UTC\+8\)/);
    expect(findLink(accepted, '/customer/')).toBe(`${PUBLIC}/customer/account/orders/${order.id}`);

    const toTaker = mails.filter((m) => m.to.includes(taker.email));
    expect(toTaker.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New song offer ${ref}`)),
      `Changes asked for order ${ref}`,
      `Your song for order ${ref} passed validation`,
      `Changes asked for order ${ref}`,
      `Your song for order ${ref} passed validation`,
      `Order ${ref} is complete`,
      `Order ${ref} was rated 4 of 5`,
      `Ana thanked you for the song (${ref})`,
    ]);
    expect(toTaker[1]?.text).toContain('> A slower bridge, please.');
    expect(toTaker[1]?.text).toContain('Our team asked');
    expect(toTaker[3]?.text).toContain('> More guitar in the chorus, please.');
    expect(findLink(toTaker[1] as OutboxMail, '/artist/')).toBe(`${PUBLIC}/artist/revision`);
    expect(findLink(toTaker[5] as OutboxMail, '/artist/')).toBe(`${PUBLIC}/artist/completed`);
    expect(toTaker[6]?.text).toContain('> Lovely voice.');
    expect(toTaker[7]?.text).toContain('> I cried. Thank you!');
    expect(subjectsTo(mails, other.email)).toEqual([
      expect.stringMatching(new RegExp(`^New song offer ${ref}`)),
      `Offer ${ref} was withdrawn`,
    ]);

    // A paid order cancelled: the refund owed has its own mail (as every refund owed), then the cancellation
    // says it too, in the same words as the order page (contracts/refunds.ts refundLine).
    const cancelledEmail = await emailOf(h, cancelled.customer.id);
    const { amount_centavos: paidCentavos } = await h.database.db
      .selectFrom('payments')
      .select('amount_centavos')
      .where('order_id', '=', cancelled.id)
      .executeTakeFirstOrThrow();
    const owed = `Refund of ${formatPesosWithCentavos(Number(paidCentavos) / 100)} owed to you`;
    expect(subjectsTo(mails, cancelledEmail)).toEqual([
      `Order ${cancelled.reference} is waiting for payment`,
      `Receipt for order ${cancelled.reference}`,
      `${owed} (order ${cancelled.reference})`,
      `Order ${cancelled.reference} was cancelled`,
    ]);
    const cancelMail = mails.filter((m) => m.to.includes(cancelledEmail)).at(-1) as OutboxMail;
    expect(cancelMail.text).toContain(`${owed}. We will send it back the way you paid`);
    expect(subjectsTo(mails, (cancelled.artists[0] as ArtistAccount).email).at(-1)).toBe(
      `Offer ${cancelled.reference} was withdrawn`,
    );

    h.clock.advance(OFFER_TTL_MS + 1000);
    await expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock });
    const afterExpiry = await delivered(h);
    expect(subjectsTo(afterExpiry, (expiring.artists[0] as ArtistAccount).email)).toEqual([
      expect.stringMatching(new RegExp(`^New song offer ${expiring.reference}`)),
      `Offer ${expiring.reference} expired`,
    ]);

    const approved = await makeArtist(h, { status: 'for_review' });
    await ok(post(h, `${ADMIN}/applications/${approved.id}/approve`, undefined, admin.token));
    const rejected = await makeArtist(h, { status: 'for_review' });
    await ok(post(h, `${ADMIN}/applications/${rejected.id}/reject`, { reason: 'Add a sample song.' }, admin.token));
    const applicationMails = await delivered(h);
    expect(subjectsTo(applicationMails, approved.email)).toEqual(['Your Labsongs application is approved']);
    expect(subjectsTo(applicationMails, rejected.email)).toEqual(['Your Labsongs application needs changes']);

    // Sending again, or replaying the payment provider's callback, mails nothing twice.
    const total = applicationMails.length;
    const sandbox = await h.database.db
      .selectFrom('payments')
      .select('txnid')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    await postForm(h, `/payments/sandbox/${sandbox.txnid}`, { action: 'pay' });
    expect(await delivered(h)).toHaveLength(total);
    const files = await readOutbox(h.outboxDir);
    const sent = await h.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(files).toHaveLength(Number(sent.n));
  });

  it('admins get a digest at most every few minutes, not a mail per event', async () => {
    const admins = await h.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('type', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute();
    const second = await signedIn(h, 'admin', 'second-admin');
    const everyone = [...admins.map((a) => a.email), second.email];
    await delivered(h);
    h.clock.advance(DIGEST_MS + 1000);
    const before = (await readOutbox(h.outboxDir)).length;

    const first = await paidOrder(h, 1);
    const firstArtist = first.artists[0] as ArtistAccount;
    await post(h, `${A}/orders/${first.id}/accept`, undefined, firstArtist.token);
    await submitRecording(h, firstArtist.token, first.id);
    const digests = (await delivered(h)).slice(before).filter((m) => m.subject.startsWith('Labsongs:'));
    expect(digests.flatMap((m) => m.to).sort()).toEqual([...everyone].sort());
    expect(digests[0]?.subject).toBe('Labsongs: 1 recording to validate');
    expect(digests[0]?.text).toContain(first.reference);
    expect(findLink(digests[0] as OutboxMail, '/admin/')).toBe(`${PUBLIC}/admin/validation`);

    // Within the next minutes: a recording and a new application wait for the next digest.
    const next = await paidOrder(h, 1);
    const nextArtist = next.artists[0] as ArtistAccount;
    await post(h, `${A}/orders/${next.id}/accept`, undefined, nextArtist.token);
    await submitRecording(h, nextArtist.token, next.id);
    const applicant = await makeArtist(h, { status: 'incomplete', complete: false });
    await h.database.db
      .updateTable('users')
      .set({ personal_info: 1, artist_info: 1, payout_info: 1 })
      .where('id', '=', applicant.id)
      .execute();
    const sentIn = await h.call(
      'PATCH',
      `${A}/profile/password`,
      { current_password: ARTIST_PASSWORD, password: 'MyOwnPass42', password_confirmation: 'MyOwnPass42' },
      { token: applicant.token },
    );
    expect(sentIn.status, sentIn.text).toBe(200);
    h.clock.advance(DIGEST_MS / 2);
    const count = (await delivered(h)).filter((m) => m.subject.startsWith('Labsongs:')).length;
    h.clock.advance(DIGEST_MS / 2 + 1000);
    const all = await delivered(h);
    const later = all.filter((m) => m.subject.startsWith('Labsongs:')).slice(count);
    expect(later.flatMap((m) => m.to).sort()).toEqual([...everyone].sort());
    expect(later[0]?.subject).toBe('Labsongs: 1 recording to validate, 1 new application');
    expect(later[0]?.text).toContain(next.reference);
    expect(later[0]?.text).toContain('New application: Stage ');
  });

  it('unsubscribing stops that kind of mail; essential mail still goes', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const first = await placeOrder(h, customer.token, [artist.user_id]);
    const placedMail = (await delivered(h)).filter((m) => m.to.includes(customer.email)).at(-1) as OutboxMail;
    expect(placedMail.subject).toBe(`Order ${first.reference} is waiting for payment`);
    const link = findLink(placedMail, '/mail/unsubscribe') as string;
    expect(link).toBeDefined();
    const url = new URL(link);

    // GET only asks (a link scanner opening it changes nothing).
    const page = await h.request(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from “Payment reminders”?');
    expect(html).toContain('<form method="post">');
    expect((await h.call('GET', `${U}/mail-preferences`, undefined, { token: customer.token })).body.data).toEqual({
      payment_reminders: true,
      order_progress: true,
      messages: true,
    });

    // The one-click POST of RFC 8058, as a mail client sends it.
    const done = await h.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await h.call('GET', `${U}/mail-preferences`, undefined, { token: customer.token })).body.data).toEqual({
      payment_reminders: false,
      order_progress: true,
      messages: true,
    });

    const second = await placeOrder(h, customer.token, [artist.user_id]);
    await payOrder(h, customer.token, second.id);
    const subjects = subjectsTo(await delivered(h), customer.email);
    expect(subjects).not.toContain(`Order ${second.reference} is waiting for payment`);
    expect(subjects).toContain(`Receipt for order ${second.reference}`);

    // A tampered or unknown token changes nothing.
    const forged = url.search.replace(/token=(\d+)/, (_, id: string) => `token=${Number(id) + 1}`);
    expect((await h.request(`${url.pathname}${forged}`, { method: 'POST' })).status).toBe(404);
    expect((await h.request('/mail/unsubscribe?token=nope')).status).toBe(404);
    expect((await h.request('/mail/unsubscribe')).status).toBe(404);
  });

  it('GET/PATCH mail-preferences for customers and artists, with 422 per field on bad input', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const prefs = (area: 'user' | 'artist') => `/api/v1/${area}/mail-preferences`;
    const got = await h.call('GET', prefs('artist'), undefined, { token: artist.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(Object.fromEntries(mailCategories.artist.map((c) => [c, true])));

    const saved = await h.call('PATCH', prefs('artist'), { offers: false }, { token: artist.token });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ offers: false, order_progress: true, thank_you_notes: true, messages: true });
    expect((await h.call('PATCH', prefs('artist'), { offers: true }, { token: artist.token })).body.data.offers).toBe(
      true,
    );

    for (const [body, field] of [
      [{ offers: 'no' }, 'offers'],
      [{ offers: null }, 'offers'],
      [{ order_progress: 1 }, 'order_progress'],
      [{ payment_reminders: false }, 'payment_reminders'],
      [{ nonsense: true }, 'nonsense'],
    ] as const) {
      const answer = await h.call('PATCH', prefs('artist'), body, { token: artist.token });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(isFailureEnvelope(answer.body)).toBe(true);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
    const many = await h.call(
      'PATCH',
      prefs('user'),
      { payment_reminders: 'x', order_progress: 2 },
      {
        token: customer.token,
      },
    );
    expect(many.status).toBe(422);
    expect(Object.keys(many.body.errors).sort()).toEqual(['order_progress', 'payment_reminders']);
    expect((await h.call('PATCH', prefs('user'), [true], { token: customer.token })).status).toBe(422);
    expect((await h.call('PATCH', prefs('user'), 'not json', { token: customer.token })).status).toBe(400);
    expect(
      (
        await h.call('PATCH', prefs('user'), 'a=b', {
          token: customer.token,
          headers: { 'Content-Type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
    // Nothing was saved by the refused bodies.
    expect((await h.call('GET', prefs('user'), undefined, { token: customer.token })).body.data).toEqual({
      payment_reminders: true,
      order_progress: true,
      messages: true,
    });
    // Each area's own token only.
    expect((await h.call('GET', prefs('user'), undefined)).status).toBe(401);
    expect((await h.call('GET', prefs('user'), undefined, { token: artist.token })).status).toBe(401);
    expect((await h.call('PATCH', prefs('artist'), { offers: false }, { token: customer.token })).status).toBe(401);
  });

  it('payout paid and refund recorded mails are one call in the event transaction, sent once', async () => {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as ArtistAccount;
    await post(h, `${A}/orders/${order.id}/accept`, undefined, artist.token);
    await submitRecording(h, artist.token, order.id);
    await post(h, `${ADMIN}/orders/${order.id}/validate`, undefined, admin.token);
    await post(h, `${U}/orders/${order.id}/accept`, undefined, order.customer.token);
    const payout = await h.database.db
      .selectFrom('payouts')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const cancelled = await paidOrder(h, 1);
    await post(h, `${U}/orders/${cancelled.id}/cancel`, {}, cancelled.customer.token);
    const refund = await h.database.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', cancelled.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      await h.database.db.transaction().execute(async (trx) => {
        await enqueuePayoutPaidMail(trx, payout.id, h.clock.now());
        await enqueueRefundRecordedMail(trx, refund.id, h.clock.now());
      });
    }
    const mails = await delivered(h);
    const paidMails = mails.filter((m) => m.to.includes(artist.email) && m.subject.startsWith('Payout of'));
    expect(paidMails).toHaveLength(1);
    expect(paidMails[0]?.text).toContain(`For orders: ${order.reference}`);
    expect(findLink(paidMails[0] as OutboxMail, '/artist/')).toBe(`${PUBLIC}/artist/earnings`);
    expect((await headersOf(h, paidMails[0] as OutboxMail)).has('list-unsubscribe')).toBe(false);
    const customerEmail = await emailOf(h, cancelled.customer.id);
    const refunds = mails.filter((m) => m.to.includes(customerEmail) && m.subject.startsWith('Refund of'));
    expect(refunds.map((m) => m.subject)).toEqual([
      // The same words as the order page (contracts/refunds.ts refundLine).
      `Refund of ₱2,500.00 owed to you (order ${cancelled.reference})`,
    ]);
    expect(findLink(refunds[0] as OutboxMail, '/customer/')).toBe(`${PUBLIC}/customer/account/orders/${cancelled.id}`);
  });

  it('two server processes on one database send each mail once', async () => {
    const target = h.config.database;
    const databaseB = openDatabase(target, h.database.schema ? { schema: h.database.schema, maxConnections: 4 } : {});
    const appB = createApp({ ...h.deps, database: databaseB });
    const workerB = createMailer({
      db: databaseB.db,
      clock: h.clock,
      from: h.config.mailFrom,
      smtpUrl: undefined,
      outboxDir: h.outboxDir,
      logger: silentLogger,
      publicUrl: h.config.publicUrl,
      jwtSecret: h.config.jwtSecret as string,
      digestMs: h.config.mailDigestMs,
      pollMs: h.config.mailPollMs,
    });
    try {
      await delivered(h);
      const before = (await readOutbox(h.outboxDir)).length;
      const customer = await makeCustomer(h);
      const artists = [await makeRatedArtist(h), await makeRatedArtist(h)];
      const order = await placeOrder(
        h,
        customer.token,
        artists.map((a) => a.user_id),
      );
      const checkout = await h.call(
        'POST',
        `${U}/order/${order.id}/checkout`,
        { paymentMethod: 'sandbox' },
        { token: customer.token },
      );
      const pay = `/payments/sandbox/${txnidOfUrl(checkout.body.data.payment.Url)}`;
      const form = {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      };
      // The provider's callback reaches both processes at once; then both artists accept at once.
      await Promise.all([h.request(pay, form), appB.request(pay, form)]);
      const accept = (app: typeof appB, artist: ArtistAccount) =>
        app.request(`${A}/orders/${order.id}/accept`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${artist.token}` },
        });
      const answers = await Promise.all([
        accept(h.app, artists[0] as ArtistAccount),
        accept(appB, artists[1] as ArtistAccount),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      // Both workers send at the same time, several passes each.
      await Promise.all([h.mailer.flush(), workerB.flush(), h.mailer.flush(), workerB.flush()]);
      const mails = (await readOutbox(h.outboxDir)).slice(before);
      // Two workers write at the same moment, so the outbox holds each person's mails in any
      // order; sorted by subject they are exactly these.
      expect(subjectsTo(mails, customer.email).sort()).toEqual([
        `Order ${order.reference} is waiting for payment`,
        `Receipt for order ${order.reference}`,
        expect.stringMatching(/^Stage .+ is writing your song/),
      ]);
      // The artist who lost the race hears of the withdrawal; the winner only of the offer.
      const loser = artists[answers[0]?.status === 200 ? 1 : 0] as ArtistAccount;
      for (const artist of artists) {
        expect(subjectsTo(mails, artist.email).sort()).toEqual([
          expect.stringMatching(new RegExp(`^New song offer ${order.reference}`)),
          ...(artist === loser ? [`Offer ${order.reference} was withdrawn`] : []),
        ]);
      }
      expect(mails.filter((m) => m.subject === `Offer ${order.reference} was withdrawn`)).toHaveLength(1);
      expect(mails).toHaveLength(6);
    } finally {
      await workerB.close();
      await databaseB.destroy();
    }
  });
});

/** A port that nothing listens on (yet). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('mail through SMTP (sqlite)', () => {
  it('a dead SMTP server delays mail but loses none, and the request does not wait for it', async () => {
    const port = await closedPort();
    const h = await createHarness('sqlite', { env: { ...env, SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const received: { raw: Buffer }[] = [];
    let server: SMTPServer | undefined;
    try {
      const order = await paidOrder(h, 2);
      const customerEmail = await emailOf(h, order.customer.id);
      // The server is down: every attempt fails and waits for its retry; nothing is lost.
      await h.mailer.flush();
      const waiting = await h.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(waiting.length).toBe(4);
      for (const row of waiting) {
        expect(row.status).toBe('pending');
        expect(row.attempts).toBe(1);
        expect(row.last_error).toMatch(/ECONNREFUSED/);
        expect(new Date(row.next_attempt_at).getTime()).toBe(h.clock.now().getTime() + retryDelayMs(1));
      }

      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            received.push({ raw: Buffer.concat(chunks) });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
      // Not due yet: nothing goes before the back-off has passed.
      await h.mailer.flush();
      expect(received).toHaveLength(0);
      h.clock.advance(retryDelayMs(1));
      await h.mailer.flush();
      await h.mailer.flush();
      expect(received).toHaveLength(4);
      const parsed = await Promise.all(received.map((r) => simpleParser(r.raw)));
      const receipt = parsed.find((m) => m.subject === `Receipt for order ${order.reference}`);
      expect(receipt?.to && 'text' in receipt.to ? receipt.to.text : '').toContain(customerEmail);
      expect(receipt?.text).toContain(order.reference);
      expect(receipt?.html).toContain(order.reference);
      const offers = parsed.filter((m) => m.subject?.startsWith(`New song offer ${order.reference}`));
      expect(offers).toHaveLength(2);
      for (const offer of offers) {
        expect(headerMap(offer).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      }
      const rows = await h.database.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
    } finally {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await h.close();
    }
  });

  it('retries back off from 30 seconds up to an hour, then give up and keep the row', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(20);
  });
});
