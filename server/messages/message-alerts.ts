import { type Kysely, sql, type Transaction } from 'kysely';
import { type ArtistStage, stageStatuses } from '../../contracts/lifecycle';
import { notificationTexts } from '../../contracts/notifications';
import { TEAM_AUTHOR_NAME, UNREAD_MAIL_MINUTES } from '../../contracts/order-messages';
import type { DB, OrderRow } from '../db/schema';
import { orderFactsOf } from '../mail/order-mails';
import { enqueueMail } from '../mail/queue';
import { insertNotifications, markNotification, newestNotificationId } from '../notifications/notifications.repository';
import { yieldToRequests } from '../services/batches';
import type { Clock } from '../services/clock';
import { notByReader, type Reader, readMarkOf } from './messages.repository';

// What a customer or an artist is told about the messages waiting for them (docs/decisions.md "Unread
// message mail and the bell"), kept in order_message_alerts (0030), one row per (order, reader):
// - the bell: one `new_message` notification per order while its messages are unread (the notification
//   counter stays the bell's one maintained total); reading the thread marks it read;
// - the mail: a message unread for UNREAD_MAIL_MINUTES is mailed once per burst. A burst is the messages
//   past both the read mark and the newest message the previous mail covered; a mail covers every unread
//   message written until it is sent. So the next mail needs a message written after the previous mail
//   (and unread for the same time again), whether or not the reader read in between.
// The team (reader 0) gets neither: admins watch the operations views.

type Trx = Transaction<DB>;

/** The name a message's author goes by in the thread (as the thread shows it). */
async function authorName(db: Kysely<DB> | Trx, author: Reader): Promise<string> {
  if (author.role === 'team') return TEAM_AUTHOR_NAME;
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'stage_name'])
    .where('id', '=', author.userId)
    .executeTakeFirstOrThrow();
  return author.role === 'artist' ? (user.stage_name ?? user.first_name) : user.first_name;
}

/** The order's customer and artist as readers of its thread (the artist once one took it). */
function participants(order: OrderRow): Reader[] {
  const readers: Reader[] = [{ role: 'customer', userId: order.customer_id }];
  if (order.artist_id !== null) readers.push({ role: 'artist', userId: order.artist_id });
  // Always in user id order: two messages sent at once lock the same rows in the same order.
  return readers.sort((a, b) => a.userId - b.userId);
}

const isAuthor = (reader: Reader, author: Reader) => reader.role === author.role && reader.userId === author.userId;

/**
 * In the send's transaction, after the author's read mark moved to their message: the other participants'
 * mail becomes pending (from this message on, unless an older one is already pending) and they get a bell
 * notification unless one about this thread is still unread; the author has read everything before it.
 * Answers the people to wake after the commit.
 */
export async function noteMessageSent(
  trx: Trx,
  order: OrderRow,
  author: Reader,
  message: { id: number; created_at: string },
): Promise<number[]> {
  const woken: number[] = [];
  let sender: string | undefined;
  for (const reader of participants(order)) {
    if (isAuthor(reader, author)) {
      woken.push(...(await noteThreadRead(trx, reader, order.id)));
      continue;
    }
    const row = await trx
      .insertInto('order_message_alerts')
      .values({ order_id: order.id, reader_id: reader.userId, pending_since: message.created_at })
      .onConflict((oc) =>
        oc.columns(['order_id', 'reader_id']).doUpdateSet({
          pending_since: sql<string>`coalesce(order_message_alerts.pending_since, excluded.pending_since)`,
        }),
      )
      .returning('notification_id')
      .executeTakeFirstOrThrow();
    if (row.notification_id !== null) {
      const open = await trx
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', row.notification_id)
        .where('is_read', '=', 0)
        .executeTakeFirst();
      if (open) continue;
    }
    sender ??= await authorName(trx, author);
    const text = notificationTexts.new_message({
      reference: order.reference,
      occasion: '',
      recipient: order.recipient_first_name,
      sender,
    });
    await insertNotifications(
      trx,
      [{ userId: reader.userId, type: 'new_message', orderId: order.id, ...text }],
      message.created_at,
    );
    // The counter row stays locked until commit, so the person's newest notification is this one.
    const notificationId = await newestNotificationId(trx, reader.userId);
    await trx
      .updateTable('order_message_alerts')
      .set({ notification_id: notificationId })
      .where('order_id', '=', order.id)
      .where('reader_id', '=', reader.userId)
      .execute();
    woken.push(reader.userId);
  }
  return woken;
}

/**
 * In the transaction that moved a customer's or an artist's read mark: what may still cause a mail is
 * what they have not read and no mail covered yet; once nothing is unread, the bell notification is read.
 * Answers the people to wake (their bell count changed).
 */
export async function noteThreadRead(trx: Trx, reader: Reader, orderId: number): Promise<number[]> {
  if (reader.role === 'team') return [];
  // Locks the row first: a message sent meanwhile either committed before (and is seen below) or sets
  // its pending time after this commits.
  const row = await trx
    .updateTable('order_message_alerts')
    .set({ pending_since: sql<string | null>`pending_since` })
    .where('order_id', '=', orderId)
    .where('reader_id', '=', reader.userId)
    .returning(['mailed_through_id', 'notification_id'])
    .executeTakeFirst();
  if (!row) return [];
  const lastRead = await readMarkOf(trx, reader, orderId);
  const others = trx.selectFrom('order_messages').where('order_id', '=', orderId).where(notByReader(reader));
  const [unread, pending] = await Promise.all([
    others.select('id').where('id', '>', lastRead).limit(1).executeTakeFirst(),
    others
      .select('created_at')
      .where('id', '>', Math.max(lastRead, row.mailed_through_id))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const closeBell = unread === undefined && row.notification_id !== null;
  await trx
    .updateTable('order_message_alerts')
    .set({
      pending_since: pending?.created_at ?? null,
      ...(closeBell ? { notification_id: null } : {}),
    })
    .where('order_id', '=', orderId)
    .where('reader_id', '=', reader.userId)
    .execute();
  if (!closeBell || row.notification_id === null) return [];
  const flipped = await markNotification(trx, reader.userId, row.notification_id, true);
  return flipped ? [reader.userId] : [];
}

/** Rows looked at per pass of the job. */
const BATCH = 50;

/** The artist screen that lists the order now, where its card (and thread) is. */
const screenOf = (order: OrderRow): ArtistStage =>
  (Object.keys(stageStatuses) as ArtistStage[]).find((stage) => stageStatuses[stage].includes(order.status)) ??
  'ongoing';

/**
 * The periodic job: mails every customer and artist whose oldest pending message has waited unread for
 * UNREAD_MAIL_MINUTES, one mail per burst (see above). Each row is claimed with a conditional update on the
 * pending time it was read with, so a second server process running the job at the same time finds it
 * taken. The mail's category is `messages` (the worker skips it for someone who turned it off). Answers
 * how many mails it queued.
 */
export async function mailUnreadMessages(deps: { db: Kysely<DB>; clock: Clock }): Promise<number> {
  const { db, clock } = deps;
  let mailed = 0;
  let after = '';
  for (;;) {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - UNREAD_MAIL_MINUTES * 60_000).toISOString();
    const due = await db
      .selectFrom('order_message_alerts')
      .select(['order_id', 'reader_id', 'pending_since'])
      .where('pending_since', '<=', cutoff)
      .where('pending_since', '>', after)
      .orderBy('pending_since')
      .limit(BATCH)
      .execute();
    for (const row of due) {
      if (row.pending_since !== null && (await mailOne(db, { ...row, pending_since: row.pending_since }, now, cutoff)))
        mailed += 1;
    }
    if (due.length < BATCH) return mailed;
    after = due.at(-1)?.pending_since ?? after;
    await yieldToRequests();
  }
}

async function mailOne(
  db: Kysely<DB>,
  seen: { order_id: number; reader_id: number; pending_since: string },
  now: Date,
  cutoff: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('order_message_alerts')
      .set({ pending_since: sql<string | null>`pending_since` })
      .where('order_id', '=', seen.order_id)
      .where('reader_id', '=', seen.reader_id)
      .where('pending_since', '=', seen.pending_since)
      .returning('mailed_through_id')
      .executeTakeFirst();
    // Another process mailed it, or the reader read, since the row was listed.
    if (!claimed) return false;
    const settle = (set: { pending_since: string | null; mailed_through_id?: number }) =>
      trx
        .updateTable('order_message_alerts')
        .set(set)
        .where('order_id', '=', seen.order_id)
        .where('reader_id', '=', seen.reader_id)
        .execute();
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', seen.order_id).executeTakeFirstOrThrow();
    const reader = participants(order).find((r) => r.userId === seen.reader_id);
    // No longer in the thread (the order went to another artist): nothing to mail.
    if (!reader) {
      await settle({ pending_since: null });
      return false;
    }
    const lastRead = await readMarkOf(trx, reader, order.id);
    const burst = await trx
      .selectFrom('order_messages')
      .innerJoin('users', 'users.id', 'order_messages.author_id')
      .select([
        'order_messages.id',
        'order_messages.created_at',
        'order_messages.author_role',
        'order_messages.author_id',
        'users.first_name',
        'users.stage_name',
      ])
      .where('order_messages.order_id', '=', order.id)
      .where(notByReader(reader))
      .where('order_messages.id', '>', Math.max(lastRead, claimed.mailed_through_id))
      .orderBy('order_messages.id')
      .execute();
    const first = burst[0];
    const newest = burst.at(-1);
    if (!first || !newest) {
      await settle({ pending_since: null });
      return false;
    }
    if (first.created_at > cutoff) {
      await settle({ pending_since: first.created_at });
      return false;
    }
    await settle({ pending_since: null, mailed_through_id: newest.id });
    const unread = await trx
      .selectFrom('order_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('order_id', '=', order.id)
      .where(notByReader(reader))
      .where('id', '>', lastRead)
      .executeTakeFirstOrThrow();
    const from = [
      ...new Set(
        burst.map((m) =>
          m.author_role === 'team'
            ? TEAM_AUTHOR_NAME
            : m.author_role === 'artist'
              ? (m.stage_name ?? m.first_name)
              : m.first_name,
        ),
      ),
    ];
    const facts = await orderFactsOf(trx, order);
    const key = `messages_waiting:order${order.id}:user${reader.userId}:through${newest.id}`;
    const data = { order: facts, count: Number(unread.n), from };
    if (reader.role === 'artist') {
      await enqueueMail(
        trx,
        { userId: reader.userId },
        { kind: 'artist_messages_waiting', data: { ...data, screen: screenOf(order) }, key, at: now },
      );
    } else {
      await enqueueMail(trx, { userId: reader.userId }, { kind: 'messages_waiting', data, key, at: now });
    }
    return true;
  });
}
