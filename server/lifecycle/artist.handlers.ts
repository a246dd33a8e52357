import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import { artistMessages } from '../../contracts/artist';
import { RECORDING_MAX_BYTES } from '../../contracts/constants';
import { fieldMessages } from '../../contracts/field-messages';
import {
  type ArtistOrder,
  type artistOrdersQuerySchema,
  type artistPayoutsQuerySchema,
  type declineSchema,
  type Earnings,
  type earningLinesQuerySchema,
  lifecycleMessages,
  type Page,
  type RecordingUpload,
  type recordingSchema,
} from '../../contracts/lifecycle';
import { orderMessages } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { discardUploads, readMultipart } from '../http/multipart';
import { sendStoredFile } from '../http/send-file';
import { publishCommitted } from '../notifications/live-changes';
import { pesos } from '../orders/pricing';
import { insertTempUpload } from '../orders/temp-uploads.repository';
import { creditsByMonth, totalsOf } from './artist-summaries.repository';
import { artistPayoutsPage, earningLinesPage } from './earnings.repository';
import { acceptOffer, declineOffer, submitRecording } from './order-actions';
import { findArtistOrder, listArtistOrders } from './order-lists';
import { loadRelations, toArtistOrder } from './order-views';
import type { TransitionResult } from './transition';

async function artistOrders(c: AppContext, rows: OrderRow[]): Promise<ArtistOrder[]> {
  const { db, media, clock } = c.var;
  const artistId = currentAuth(c).user.id;
  const relations = await loadRelations(db, rows, { role: 'artist', userId: artistId });
  return rows.map((row) => toArtistOrder(row, artistId, relations, media, clock.now()));
}

/** GET /orders?stage=: one screen's orders, a page at a time. */
export async function listOrders(c: AppContext, query: v.InferOutput<typeof artistOrdersQuerySchema>) {
  const page = await listArtistOrders(c.var.db, currentAuth(c).user.id, query.stage, {
    cursor: query.cursor,
    limit: query.limit,
    now: c.var.clock.now(),
  });
  const body: Page<ArtistOrder> = { items: await artistOrders(c, page.items), next_cursor: page.next_cursor };
  return ok(c, body);
}

async function visibleOrder(c: AppContext, id: number) {
  const order = await findArtistOrder(c.var.db, currentAuth(c).user.id, id);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  return order;
}

export async function getOrder(c: AppContext, id: number) {
  const [order] = await artistOrders(c, [await visibleOrder(c, id)]);
  return ok(c, order as ArtistOrder);
}

/**
 * An order the artist was never offered and did not take does not exist for them (404), whatever its
 * state; one they were offered answers why it is closed (409). Being offered or taking an order is
 * never undone, so this holds outside the transaction's lock.
 */
async function requireInvolved(c: AppContext, orderId: number) {
  const artistId = currentAuth(c).user.id;
  const { db } = c.var;
  const [taken, offered] = await Promise.all([
    db.selectFrom('orders').select('id').where('id', '=', orderId).where('artist_id', '=', artistId).executeTakeFirst(),
    db
      .selectFrom('order_artists')
      .select('order_id')
      .where('order_id', '=', orderId)
      .where('artist_id', '=', artistId)
      .where('offered_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  if (!taken && !offered) throw new ApiError(404, orderMessages.orderNotFound);
}

async function act(
  c: AppContext,
  id: number,
  message: string,
  run: (trx: Transaction<DB>, at: Date, artistId: number) => Promise<TransitionResult>,
) {
  await requireInvolved(c, id);
  const artistId = currentAuth(c).user.id;
  const result = await c.var.db.transaction().execute((trx) => run(trx, c.var.clock.now(), artistId));
  publishCommitted(c.var.hub, result);
  const [order] = await artistOrders(c, [result.order]);
  return ok(c, order as ArtistOrder, message);
}

/** Accept: the offer must be this artist's and still open (order_actions checks inside the lock). */
export const accept = (c: AppContext, id: number) =>
  act(c, id, lifecycleMessages.accepted, (trx, at, artistId) => acceptOffer(trx, { orderId: id, artistId, at }));

export async function decline(c: AppContext, id: number, body: v.InferOutput<typeof declineSchema>) {
  await requireInvolved(c, id);
  const artistId = currentAuth(c).user.id;
  const result = await c.var.db
    .transaction()
    .execute((trx) => declineOffer(trx, { orderId: id, artistId, reason: body.reason, at: c.var.clock.now() }));
  publishCommitted(c.var.hub, result);
  return ok(c, null, lifecycleMessages.declined);
}

export const submit = (c: AppContext, id: number, body: v.InferOutput<typeof recordingSchema>) =>
  act(c, id, lifecycleMessages.recordingSubmitted, (trx, at, artistId) =>
    submitRecording(trx, { orderId: id, artistId, tempLocation: body.temp_location, lyrics: body.lyrics, at }),
  );

/** POST /order/song/upload: a recording streamed into storage (audio by magic bytes, RECORDING_MAX_BYTES). */
export async function uploadRecording(c: AppContext) {
  const { db, storage, clock, media, config } = c.var;
  const { user } = currentAuth(c);
  // readMultipart caps files at config.maxUploadBytes: a recording has its own, larger cap.
  c.set('config', { ...config, maxUploadBytes: RECORDING_MAX_BYTES });
  const form = await readMultipart(c, { file: { kind: 'clips', family: 'audio' } });
  let keepFile = false;
  try {
    const extra = Object.keys(form.fields)[0];
    if (extra !== undefined)
      throw new ApiError(422, serverMessages.validationFailed, { [extra]: [fieldMessages.unknownField] });
    const file = form.files.file;
    if (!file) throw fieldError(serverMessages.validationFailed, 'file', artistMessages.fileRequired);
    const upload = await insertTempUpload(db, {
      user_id: user.id,
      file_key: file.name,
      mime: file.mime,
      size: file.size,
      created_at: clock.now().toISOString(),
    });
    keepFile = true;
    const body: RecordingUpload = {
      temp_location: upload.temp_location,
      url: media.audioUrl(upload.temp_location),
      mime: upload.mime,
      size: upload.size,
    };
    return ok(c, body, lifecycleMessages.recordingUploaded, 201);
  } finally {
    if (!keepFile) await discardUploads(storage, form);
  }
}

/** GET /order/song/upload?source=: the artist's own upload (preview), with Range. */
export async function downloadRecording(c: AppContext, source: string) {
  const { db, storage } = c.var;
  const upload = await db
    .selectFrom('temp_uploads')
    .selectAll()
    .where('temp_location', '=', source)
    .where('user_id', '=', currentAuth(c).user.id)
    .executeTakeFirst();
  const size = upload ? await storage.size('clips', upload.file_key) : null;
  if (!upload || size === null) throw new ApiError(404, serverMessages.notFound);
  return sendStoredFile(c, storage, {
    kind: 'clips',
    name: upload.file_key,
    size,
    mime: upload.mime,
    etag: source,
    cacheControl: 'private, no-store',
  });
}

/** The last 12 calendar months (UTC) ending with `now`'s, oldest first. */
function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * GET /earnings: pending = orders taken and not completed yet (price − fee each); available =
 * credited on completion and not paid out; paid out = marked paid by an admin. The totals and the
 * months are maintained rows (migration 0014); the lines and payouts are paged apart.
 */
export async function earnings(c: AppContext) {
  const { db, clock } = c.var;
  const artistId = currentAuth(c).user.id;
  const months = lastTwelveMonths(clock.now());
  const [totals, credited] = await Promise.all([
    totalsOf(db, artistId),
    creditsByMonth(db, artistId, months[0] as string, months[11] as string),
  ]);
  const body: Earnings = {
    totals: { pending: pesos(totals.pending), available: pesos(totals.available), paid_out: pesos(totals.paidOut) },
    monthly: months.map((month) => ({ month, amount: pesos(credited.get(month) ?? 0) })),
  };
  return ok(c, body);
}

/** GET /earnings/lines?cursor=&limit=: one page of the lines, pending first, then credited. */
export async function earningLines(c: AppContext, query: v.InferOutput<typeof earningLinesQuerySchema>) {
  return ok(c, await earningLinesPage(c.var.db, currentAuth(c).user.id, query));
}

/** GET /payouts?cursor=&limit=: one page of the artist's payouts, newest first. */
export async function payouts(c: AppContext, query: v.InferOutput<typeof artistPayoutsQuerySchema>) {
  return ok(c, await artistPayoutsPage(c.var.db, currentAuth(c).user.id, query));
}
