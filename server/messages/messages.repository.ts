import { type Kysely, sql, type Transaction } from 'kysely';
import type { MessageAuthorRole } from '../../contracts/order-messages';
import type { DB, OrderRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** Who reads or writes a thread: the order's customer, its artist, or an admin (who reads as the team). */
export interface Reader {
  role: MessageAuthorRole;
  userId: number;
}

/** The read mark's owner: the person, or 0 for the team (any admin's reading counts for all). */
export const readerIdOf = (reader: Reader): number => (reader.role === 'team' ? 0 : reader.userId);

/**
 * The order when the reader takes part in its thread: the customer who placed it, the artist who took it
 * (an artist only offered it has the brief, not the thread), any admin. Anyone else: undefined (a 404).
 */
export function findThreadOrder(db: Executor, reader: Reader, orderId: number): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('id', '=', orderId);
  if (reader.role === 'customer') query = query.where('customer_id', '=', reader.userId);
  if (reader.role === 'artist') query = query.where('artist_id', '=', reader.userId);
  return query.executeTakeFirst();
}

export type MessageRow = Awaited<ReturnType<typeof findMessageByClientId>> & {};

const withAuthor = (db: Executor) =>
  db
    .selectFrom('order_messages')
    .innerJoin('users', 'users.id', 'order_messages.author_id')
    .selectAll('order_messages')
    .select(['users.first_name as author_first_name', 'users.stage_name as author_stage_name']);

/** A page of the thread, newest first, `take` rows older than `before` (a message id) when given. */
export function listThread(db: Executor, orderId: number, page: { before: number | undefined; take: number }) {
  let query = withAuthor(db).where('order_messages.order_id', '=', orderId);
  if (page.before !== undefined) query = query.where('order_messages.id', '<', page.before);
  return query.orderBy('order_messages.id', 'desc').limit(page.take).execute();
}

export function findMessageByClientId(db: Executor, authorId: number, clientId: string) {
  return withAuthor(db)
    .where('order_messages.author_id', '=', authorId)
    .where('order_messages.client_id', '=', clientId)
    .executeTakeFirst();
}

export function findMessage(db: Executor, orderId: number, messageId: number) {
  return withAuthor(db)
    .where('order_messages.order_id', '=', orderId)
    .where('order_messages.id', '=', messageId)
    .executeTakeFirst();
}

/** Messages the reader did not write, for the conditions below (and the unread mail, message-alerts.ts). */
export function notByReader(reader: Reader) {
  // The artist's own messages are theirs by id: a reassigned order's earlier artist wrote "as artist" too.
  return reader.role === 'artist'
    ? sql<boolean>`order_messages.author_id <> ${reader.userId}`
    : sql<boolean>`order_messages.author_role <> ${reader.role}`;
}

/** Unread messages per order for this reader: others' messages past their read mark. */
export async function unreadCounts(db: Executor, reader: Reader, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_messages')
    .leftJoin('order_message_reads', (join) =>
      join
        .onRef('order_message_reads.order_id', '=', 'order_messages.order_id')
        .on('order_message_reads.reader_id', '=', readerIdOf(reader)),
    )
    .select(['order_messages.order_id', (eb) => eb.fn.countAll<number | string>().as('unread')])
    .where('order_messages.order_id', 'in', orderIds)
    .where(sql<boolean>`order_messages.id > coalesce(order_message_reads.last_read_id, 0)`)
    .where(notByReader(reader))
    .groupBy('order_messages.order_id')
    .execute();
  return new Map(rows.map((row) => [row.order_id, Number(row.unread)]));
}

export async function readMarkOf(db: Executor, reader: Reader, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_message_reads')
    .select('last_read_id')
    .where('order_id', '=', orderId)
    .where('reader_id', '=', readerIdOf(reader))
    .executeTakeFirst();
  return row?.last_read_id ?? 0;
}

/** Moves the reader's mark forward to `lastReadId` (never back: two tabs may mark in any order). */
export async function advanceReadMark(db: Executor, reader: Reader, orderId: number, lastReadId: number) {
  await db
    .insertInto('order_message_reads')
    .values({ order_id: orderId, reader_id: readerIdOf(reader), last_read_id: lastReadId })
    .onConflict((oc) =>
      oc.columns(['order_id', 'reader_id']).doUpdateSet({
        last_read_id: sql<number>`case when excluded.last_read_id > order_message_reads.last_read_id
          then excluded.last_read_id else order_message_reads.last_read_id end`,
      }),
    )
    .execute();
}

/** The newest message id of the thread at or below `atMost` (a read mark never points past the thread). */
export async function newestMessageId(db: Executor, orderId: number, atMost: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('order_id', '=', orderId)
    .where('id', '<=', atMost)
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}
