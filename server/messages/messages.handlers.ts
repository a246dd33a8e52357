import type * as v from 'valibot';
import type { AccountType } from '../../contracts/account';
import { fieldMessages } from '../../contracts/field-messages';
import { orderMessages as orderTexts } from '../../contracts/order';
import {
  ATTACHMENTS_PER_HOUR,
  type MarkReadInput,
  MESSAGE_WINDOW_SECONDS,
  MESSAGES_PER_WINDOW,
  type MessageReadState,
  type MessageUpload,
  type messagesQuerySchema,
  type OrderMessage,
  type OrderMessagesPage,
  type SendMessageInput,
  TEAM_AUTHOR_NAME,
  orderMessageTexts as t,
  threadReadable,
  threadWritable,
} from '../../contracts/order-messages';
import { serverMessages } from '../../contracts/server-messages';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { discardUploads, readMultipart } from '../http/multipart';
import { sendStoredFile } from '../http/send-file';
import { adminIds, ChangeSet, publishCommitted } from '../notifications/live-changes';
import type { RateRule } from '../services/rate-limit';
import { maskContacts } from './mask-contacts';
import { noteMessageSent, noteThreadRead } from './message-alerts';
import {
  advanceReadMark,
  findMessage,
  findMessageByClientId,
  findThreadOrder,
  listThread,
  type MessageRow,
  newestMessageId,
  type Reader,
  readMarkOf,
  unreadCounts,
} from './messages.repository';

// An order's thread (docs/api.md "Order messages"). The same handlers serve the three areas; the area
// decides who the reader is (customer, artist, team) and which orders they may see.

const messageRule: RateRule = {
  name: 'order-message',
  limit: MESSAGES_PER_WINDOW,
  windowSeconds: MESSAGE_WINDOW_SECONDS,
};
const attachmentRule: RateRule = { name: 'order-message-attachment', limit: ATTACHMENTS_PER_HOUR, windowSeconds: 3600 };

const roleOfArea: Record<AccountType, Reader['role']> = { user: 'customer', artist: 'artist', admin: 'team' };

export const readerOf = (c: AppContext, area: AccountType): Reader => ({
  role: roleOfArea[area],
  userId: currentAuth(c).user.id,
});

/** The order of a thread the reader takes part in (404 otherwise), once it is paid (409 before). */
async function openThread(c: AppContext, reader: Reader, orderId: number): Promise<OrderRow> {
  const order = await findThreadOrder(c.var.db, reader, orderId);
  if (!order) throw new ApiError(404, orderTexts.orderNotFound);
  if (!threadReadable(order.status)) throw new ApiError(409, t.notPaidYet);
  return order;
}

/** The signed source of one reader's link to one attachment: the link names who it was given to. */
const attachmentSource = (orderId: number, messageId: number, userId: number) =>
  `order-${orderId}-message-${messageId}-u${userId}`;

export function toMessage(c: AppContext, area: AccountType, reader: Reader, row: MessageRow): OrderMessage {
  const name =
    row.author_role === 'team'
      ? TEAM_AUTHOR_NAME
      : row.author_role === 'artist'
        ? (row.author_stage_name ?? row.author_first_name)
        : row.author_first_name;
  const mine = reader.role === 'artist' ? row.author_id === reader.userId : row.author_role === reader.role;
  const attachment =
    row.attachment_key && row.attachment_name && row.attachment_type && row.attachment_size !== null
      ? {
          name: row.attachment_name,
          type: row.attachment_type,
          size: row.attachment_size,
          url: `/api/v1/${area}/orders/${row.order_id}/messages/${row.id}/attachment?u=${reader.userId}&${c.var.media.signedQuery(
            attachmentSource(row.order_id, row.id, reader.userId),
          )}`,
        }
      : null;
  return {
    id: row.id,
    client_id: row.client_id,
    author: { role: row.author_role, name },
    kind: row.kind,
    mine,
    body: row.body,
    masked: row.masked === 1,
    attachment,
    created_at: row.created_at,
  };
}

/** GET …/orders/{id}/messages: the newest page first; each page's items oldest first. */
export async function listMessages(
  c: AppContext,
  area: AccountType,
  orderId: number,
  query: v.InferOutput<typeof messagesQuerySchema>,
) {
  const { db } = c.var;
  const reader = readerOf(c, area);
  const order = await openThread(c, reader, orderId);
  const rows = await listThread(db, orderId, {
    before: query.cursor === undefined ? undefined : Number(query.cursor),
    take: query.limit + 1,
  });
  const shown = rows.slice(0, query.limit);
  const oldest = shown.at(-1);
  const [unread, lastRead] = await Promise.all([unreadCounts(db, reader, [orderId]), readMarkOf(db, reader, orderId)]);
  const body: OrderMessagesPage = {
    items: shown.reverse().map((row) => toMessage(c, area, reader, row)),
    next_cursor: rows.length > query.limit && oldest ? String(oldest.id) : null,
    writable: threadWritable(order.status),
    unread: unread.get(orderId) ?? 0,
    last_read_id: lastRead,
  };
  return ok(c, body);
}

/**
 * POST …/orders/{id}/messages: stores the message once. The same `client_id` again (a send retried after
 * the connection dropped) answers the stored message with 200, whatever the body says this time.
 * Contact details are masked before it is stored; the sender's read mark moves to it; the other
 * participants and the admins hear a live change.
 */
export async function sendMessage(c: AppContext, area: AccountType, orderId: number, input: SendMessageInput) {
  const { db, clock, hub, rateLimiter } = c.var;
  const reader = readerOf(c, area);
  const order = await openThread(c, reader, orderId);

  const stored = await findMessageByClientId(db, reader.userId, input.client_id);
  if (stored) {
    if (stored.order_id !== orderId) throw fieldError(t.clientIdTaken, 'client_id');
    return ok(c, toMessage(c, area, reader, stored), t.sent, 200);
  }
  if (!threadWritable(order.status)) throw new ApiError(409, t.threadClosed);
  if (input.body === '' && input.attachment_id === undefined)
    throw fieldError(serverMessages.validationFailed, 'body', t.bodyRequired);

  const limit = await rateLimiter.hit(messageRule, String(reader.userId));
  if (!limit.allowed) {
    throw new ApiError(429, t.tooManyMessages, undefined, { 'Retry-After': String(limit.retryAfterSeconds) });
  }

  const masked = maskContacts(input.body);
  const now = clock.now().toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const upload =
      input.attachment_id === undefined
        ? undefined
        : await trx
            .selectFrom('order_message_uploads')
            .selectAll()
            .where('id', '=', input.attachment_id)
            .where('order_id', '=', orderId)
            .where('user_id', '=', reader.userId)
            .where('message_id', 'is', null)
            .executeTakeFirst();
    if (input.attachment_id !== undefined && !upload)
      throw fieldError(serverMessages.validationFailed, 'attachment_id', t.attachmentUnusable);
    const inserted = await trx
      .insertInto('order_messages')
      .values({
        order_id: orderId,
        author_role: reader.role,
        author_id: reader.userId,
        client_id: input.client_id,
        body: masked.text,
        masked: masked.masked ? 1 : 0,
        attachment_key: upload?.file_key ?? null,
        attachment_name: upload?.file_name ?? null,
        attachment_type: upload?.mime ?? null,
        attachment_size: upload?.size ?? null,
        created_at: now,
      })
      // Two tries of one message racing each other: the second finds the first below.
      .onConflict((oc) => oc.columns(['author_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    if (upload) {
      await trx
        .updateTable('order_message_uploads')
        .set({ message_id: inserted.id })
        .where('id', '=', upload.id)
        .execute();
    }
    await advanceReadMark(trx, reader, orderId, inserted.id);
    const notified = await noteMessageSent(trx, order, reader, { id: inserted.id, created_at: now });
    const changes = new ChangeSet().add(
      { kind: 'message', id: inserted.id, status: reader.role, order_id: orderId, reference: order.reference },
      [order.customer_id, order.artist_id, ...(await adminIds(trx))],
    );
    return { id: inserted.id, changes, notified };
  });
  if (!result) {
    const raced = await findMessageByClientId(db, reader.userId, input.client_id);
    if (!raced || raced.order_id !== orderId) throw fieldError(t.clientIdTaken, 'client_id');
    return ok(c, toMessage(c, area, reader, raced), t.sent, 200);
  }
  publishCommitted(hub, { changes: result.changes, notified: result.notified });
  const row = await findMessage(db, orderId, result.id);
  if (!row) throw new ApiError(404, orderTexts.orderNotFound);
  return ok(c, toMessage(c, area, reader, row), t.sent, 201);
}

/**
 * POST …/orders/{id}/messages/attachments (multipart `file`): a sound, a picture or a PDF, typed by its
 * bytes and streamed to storage with the upload limits of every other file (413 too large, 415 another
 * type). Answers its id, to send with a message on this order.
 */
export async function uploadAttachment(c: AppContext, area: AccountType, orderId: number) {
  const { db, storage, clock, rateLimiter } = c.var;
  const reader = readerOf(c, area);
  const order = await openThread(c, reader, orderId);
  if (!threadWritable(order.status)) throw new ApiError(409, t.threadClosed);
  // Counted before the body is read, so someone over the allowance costs no disk.
  const limit = await rateLimiter.hit(attachmentRule, String(reader.userId));
  if (!limit.allowed) {
    throw new ApiError(429, t.tooManyAttachments, undefined, { 'Retry-After': String(limit.retryAfterSeconds) });
  }
  const form = await readMultipart(c, {
    file: { kind: 'attachments', family: ['audio', 'image', 'document'], wrongTypeMessage: t.attachmentOnly },
  });
  let keep = false;
  try {
    const extra = Object.keys(form.fields)[0];
    if (extra !== undefined) throw fieldError(serverMessages.validationFailed, extra, fieldMessages.unknownField);
    const file = form.files.file;
    if (!file) throw fieldError(serverMessages.validationFailed, 'file', t.bodyRequired);
    const name = cleanFileName(file.filename, file.name);
    const row = await db
      .insertInto('order_message_uploads')
      .values({
        order_id: orderId,
        user_id: reader.userId,
        file_key: file.name,
        file_name: name,
        mime: file.mime,
        size: file.size,
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keep = true;
    const body: MessageUpload = { id: row.id, name, type: file.mime, size: file.size };
    return ok(c, body, t.attached, 201);
  } finally {
    if (!keep) await discardUploads(storage, form);
  }
}

/** The client's file name, for display and download only: no folders, no control characters, short. */
function cleanFileName(filename: string, storedName: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch >= ' ' && ch !== '\u007f')
    .join('')
    .trim()
    .slice(0, 120);
  return clean === '' ? `attachment.${storedName.slice(storedName.lastIndexOf('.') + 1)}` : clean;
}

/**
 * GET …/orders/{id}/messages/{messageId}/attachment?u=&exp=&sig=: the file, streamed with Range. The
 * link is signed for the person it was given to (a plain link, so a browser can open it), and that
 * person must still take part in the thread when it is opened. Anything else is a 404.
 */
export async function downloadAttachment(c: AppContext, area: AccountType, orderId: number, messageId: number) {
  const { db, media, storage } = c.var;
  const notFound = new ApiError(404, t.notFound);
  const userId = Number(c.req.query('u') ?? '');
  if (!Number.isSafeInteger(userId) || userId < 1) throw notFound;
  const source = attachmentSource(orderId, messageId, userId);
  if (media.remainingSeconds(source, c.req.query('exp'), c.req.query('sig')) === null) throw notFound;
  const person = await db
    .selectFrom('users')
    .select(['type', 'deactivated_at', 'suspended_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!person || person.type !== area || person.deactivated_at !== null || person.suspended_at !== null) throw notFound;
  const reader: Reader = { role: roleOfArea[area], userId };
  const order = await findThreadOrder(db, reader, orderId);
  if (!order || !threadReadable(order.status)) throw notFound;
  const message = await findMessage(db, orderId, messageId);
  if (!message?.attachment_key || !message.attachment_type || message.attachment_size === null) throw notFound;
  return sendStoredFile(c, storage, {
    kind: 'attachments',
    name: message.attachment_key,
    size: message.attachment_size,
    mime: message.attachment_type,
    etag: message.attachment_key,
    cacheControl: 'private, max-age=300',
    // A PDF is saved, never shown inside the app's origin; pictures and sounds open in the browser.
    ...(message.attachment_type === 'application/pdf'
      ? { downloadName: message.attachment_name ?? 'attachment.pdf' }
      : {}),
  });
}

/** POST …/orders/{id}/messages/read: the reader has read up to `last_read_id` (clamped to the thread). */
export async function markRead(c: AppContext, area: AccountType, orderId: number, input: MarkReadInput) {
  const { db } = c.var;
  const reader = readerOf(c, area);
  await openThread(c, reader, orderId);
  const newest = await newestMessageId(db, orderId, input.last_read_id);
  if (newest === null) throw fieldError(serverMessages.validationFailed, 'last_read_id', t.lastReadInvalid);
  // The mail and bell of what was read follow the mark (message-alerts.ts).
  const notified = await db.transaction().execute(async (trx) => {
    await advanceReadMark(trx, reader, orderId, newest);
    return noteThreadRead(trx, reader, orderId);
  });
  publishCommitted(c.var.hub, { notified });
  const [unread, lastRead] = await Promise.all([unreadCounts(db, reader, [orderId]), readMarkOf(db, reader, orderId)]);
  const body: MessageReadState = { last_read_id: lastRead, unread: unread.get(orderId) ?? 0 };
  return ok(c, body, t.read);
}
