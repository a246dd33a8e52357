import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNREAD_MAIL_MINUTES } from '../../contracts/order-messages';
import { openDatabase } from '../../server/db/database';
import { messageAlerts } from '../../server/db/migrations/0030-message-alerts';
import { mailUnreadMessages } from '../../server/messages/message-alerts';
import { findLink, readOutbox } from '../../server/services/mail';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, type PaidOrder, paidOrder, type SignedIn, signedIn, U } from './lifecycle-fixtures';

// A message unread for UNREAD_MAIL_MINUTES is mailed once per burst to the customer or the artist who has not
// read it (docs/decisions.md "Unread message mail and the bell"), and the bell counts one notification per
// thread with unread messages. The job runs with the harness's clock, as the scheduler runs it.

const MINUTE = 60_000;
let counter = 0;
const clientId = () => `mail-${Date.now().toString(36)}-${++counter}`;

describe.each(databases)('unread message mail and the bell (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await admin.renew();
  });

  const advance = (minutes: number) => h.clock.advance(minutes * MINUTE);
  const runJob = () => mailUnreadMessages({ db: h.database.db, clock: h.clock });

  /** A paid order its one artist took: the thread is open. */
  async function thread(): Promise<PaidOrder & { artist: ArtistAccount }> {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as ArtistAccount;
    // Taken by its artist (set directly: the accept route has its own suites).
    await h.database.db
      .updateTable('orders')
      .set({ status: 'in_progress', artist_id: artist.id })
      .where('id', '=', order.id)
      .execute();
    return { ...order, artist };
  }

  async function send(area: 'user' | 'artist' | 'admin', orderId: number, token: string, body: string) {
    const answer = await h.call(
      'POST',
      `/api/v1/${area}/orders/${orderId}/messages`,
      { client_id: clientId(), body },
      {
        token,
      },
    );
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data.id as number;
  }

  async function read(area: 'user' | 'artist', orderId: number, token: string, lastReadId: number) {
    const answer = await h.call(
      'POST',
      `/api/v1/${area}/orders/${orderId}/messages/read`,
      { last_read_id: lastReadId },
      {
        token,
      },
    );
    expect(answer.status, answer.text).toBe(200);
  }

  /** The unread-message mails queued for this person about this order, oldest first. */
  const mailsFor = (userId: number, orderId: number) =>
    h.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'payload', 'status', 'dedupe_key'])
      .where('user_id', '=', userId)
      .where('dedupe_key', 'like', `messages_waiting:order${orderId}:%`)
      .orderBy('id')
      .execute();

  const bell = async (area: 'user' | 'artist', token: string) => {
    const answer = await h.call('GET', `/api/v1/${area}/notifications`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    const page = answer.body.data as { unread_count: number; notifications: { type: string; is_read: boolean }[] };
    return { unread: page.unread_count, messages: page.notifications.filter((n) => n.type === 'new_message') };
  };

  const emailOf = async (userId: number) =>
    (await h.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  it('mails a message unread for 10 minutes once, with the order and its link but not the words; a second message of the burst adds nothing', async () => {
    const order = await thread();
    await send('artist', order.id, order.artist.token, 'Does she like ballads? Call me on 0917 123 4567.');
    const { unread: before } = await bell('user', order.customer.token);
    expect(before).toBeGreaterThanOrEqual(1);

    advance(UNREAD_MAIL_MINUTES / 2);
    await send('artist', order.id, order.artist.token, 'Also: any song she loves?');
    // One bell notification for the thread, whatever the number of messages.
    const seen = await bell('user', order.customer.token);
    expect(seen.unread).toBe(before);
    expect(seen.messages).toHaveLength(1);
    expect(seen.messages[0]?.is_read).toBe(false);

    advance(UNREAD_MAIL_MINUTES / 2 - 1);
    expect(await runJob()).toBe(0);
    advance(1);
    expect(await runJob()).toBe(1);
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(0);
    advance(3 * UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(0);

    const mails = await mailsFor(order.customer.id, order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe('messages_waiting');
    // The artist wrote them: nothing for the artist, nothing for the admins.
    expect(await mailsFor(order.artist.id, order.id)).toHaveLength(0);
    expect(await mailsFor(admin.id, order.id)).toHaveLength(0);

    await h.mailer.flush();
    const email = await emailOf(order.customer.id);
    const sent = (await readOutbox(h.outboxDir)).filter(
      (m) => m.to.includes(email) && m.subject.includes('waiting for you'),
    );
    expect(sent.map((m) => m.subject)).toEqual([`2 new messages are waiting for you (${order.reference})`]);
    const mail = sent[0];
    if (!mail) throw new Error('no mail');
    expect(findLink(mail, `/customer/account/orders/${order.id}`)).toBeTruthy();
    expect(mail.text).toContain(order.reference);
    for (const text of [mail.text, mail.html]) {
      expect(text).not.toContain('0917');
      expect(text).not.toContain('ballads');
    }
  });

  it('mails again for a message written after the mail: after the reader read, or while they still have not', async () => {
    const order = await thread();
    const first = await send('user', order.id, order.customer.token, 'Her name is said "Ma-ree-ya".');
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(1);
    const artistMails = () => mailsFor(order.artist.id, order.id);
    expect((await artistMails()).map((m) => m.kind)).toEqual(['artist_messages_waiting']);
    const firstMail = JSON.parse((await artistMails())[0]?.payload ?? '{}').data;
    expect(firstMail).toMatchObject({ screen: 'ongoing', count: 1, order: { reference: order.reference } });

    // Read: the bell notification is read too, and nothing is pending.
    const bellBefore = await bell('artist', order.artist.token);
    expect(bellBefore.messages.map((n) => n.is_read)).toEqual([false]);
    await read('artist', order.id, order.artist.token, first);
    const bellAfter = await bell('artist', order.artist.token);
    expect(bellAfter.unread).toBe(bellBefore.unread - 1);
    expect(bellAfter.messages.map((n) => n.is_read)).toEqual([true]);

    await send('user', order.id, order.customer.token, 'And she loves Sampaguita.');
    expect((await bell('artist', order.artist.token)).messages.map((n) => n.is_read)).toEqual([false, true]);
    advance(UNREAD_MAIL_MINUTES - 1);
    expect(await runJob()).toBe(0);
    advance(1);
    expect(await runJob()).toBe(1);
    expect(await artistMails()).toHaveLength(2);

    // Not read since that mail: a newer message is a new burst all the same.
    advance(2);
    await send('user', order.id, order.customer.token, 'One more thing: it is a surprise.');
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(1);
    const all = await artistMails();
    expect(all).toHaveLength(3);
    expect(JSON.parse(all[2]?.payload ?? '{}').data.count).toBe(2);
  });

  it('never mails a message read within 10 minutes, and mails the team’s message to both, never the team', async () => {
    const order = await thread();
    const mine = await send('artist', order.id, order.artist.token, 'Hello! Any story you want in it?');
    advance(UNREAD_MAIL_MINUTES - 1);
    await read('user', order.id, order.customer.token, mine);
    advance(5 * UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(0);
    expect(await mailsFor(order.customer.id, order.id)).toHaveLength(0);

    // Answering counts as reading: the customer's reply clears what was waiting for her.
    const fromArtist = await send('artist', order.id, order.artist.token, 'Which city?');
    await send('user', order.id, order.customer.token, 'Quezon City.');
    expect(fromArtist).toBeGreaterThan(mine);
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(1);
    expect(await mailsFor(order.customer.id, order.id)).toHaveLength(0);
    expect(await mailsFor(order.artist.id, order.id)).toHaveLength(1);

    await send('admin', order.id, admin.token, 'The team is here if you need us.');
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(2);
    expect(await mailsFor(order.customer.id, order.id)).toHaveLength(1);
    expect(await mailsFor(order.artist.id, order.id)).toHaveLength(2);
    // The team reads as one reader and is never mailed (admins watch the operations views).
    const adminIds = (await h.database.db.selectFrom('users').select('id').where('type', '=', 'admin').execute()).map(
      (u) => u.id,
    );
    const toAdmins = await h.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('user_id', 'in', adminIds)
      .where('dedupe_key', 'like', 'messages_waiting:%')
      .execute();
    expect(toAdmins).toEqual([]);
  });

  it('sends nothing to someone who turned the "Unread messages" mail off', async () => {
    const order = await thread();
    const off = await h.call('PATCH', `${U}/mail-preferences`, { messages: false }, { token: order.customer.token });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.messages).toBe(false);
    await send('artist', order.id, order.artist.token, 'Do you have a photo of them together?');
    advance(UNREAD_MAIL_MINUTES);
    await runJob();
    await h.mailer.flush();
    expect((await mailsFor(order.customer.id, order.id)).map((m) => m.status)).toEqual(['skipped']);
    const email = await emailOf(order.customer.id);
    const received = (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email)).map((m) => m.subject);
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((subject) => subject.includes('waiting for you'))).toEqual([]);
    // The artist's own switch is theirs: on by default.
    const artistPrefs = await h.call('GET', `${A}/mail-preferences`, undefined, { token: order.artist.token });
    expect(artistPrefs.body.data.messages).toBe(true);
  });

  it('mails once when another server process runs the job at the same time', async () => {
    const order = await thread();
    await send('user', order.id, order.customer.token, 'Is Friday too late for changes?');
    advance(UNREAD_MAIL_MINUTES);
    // On PostgreSQL the other process has connections of its own; SQLite serves one process (its runs
    // interleave on the one connection).
    const schema = h.database.schema;
    const other = kind === 'postgres' && schema ? openDatabase(h.config.database, { schema, maxConnections: 4 }) : null;
    const otherDb = other?.db ?? h.database.db;
    try {
      const runs = await Promise.all([
        runJob(),
        mailUnreadMessages({ db: otherDb, clock: h.clock }),
        runJob(),
        mailUnreadMessages({ db: otherDb, clock: h.clock }),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other?.destroy();
    }
    expect(await mailsFor(order.artist.id, order.id)).toHaveLength(1);
  });

  it('the migration goes down (the table with it) and up again; mail and bell work after it', async () => {
    const db = h.database.db as unknown as Kysely<unknown>;
    const migration = messageAlerts();
    await migration.down(db);
    await expect(h.database.db.selectFrom('order_message_alerts').select('order_id').execute()).rejects.toThrow();
    await migration.up(db);
    const order = await thread();
    await send('user', order.id, order.customer.token, 'After the rebuild.');
    advance(UNREAD_MAIL_MINUTES);
    expect(await runJob()).toBe(1);
  });
});
