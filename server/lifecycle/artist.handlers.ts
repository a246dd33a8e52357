import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import {
  type ArtistOrder,
  type artistOrdersQuerySchema,
  type declineSchema,
  type EarningStatus,
  type Earnings,
  lifecycleMessages,
  type Page,
  type Payout,
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
import { acceptOffer, declineOffer, submitRecording } from './order-actions';
import { findArtistOrder, listArtistOrders } from './order-lists';
import { loadRelations, toArtistOrder } from './order-views';
import type { TransitionResult } from './transition';

async function artistOrders(c: AppContext, rows: OrderRow[]): Promise<ArtistOrder[]> {
  const { db, media, clock } = c.var;
  const relations = await loadRelations(db, rows);
  const artistId = currentAuth(c).user.id;
  return rows.map((row) => toArtistOrder(row, artistId, relations, media, clock.now()));
}

/** GET /orders?stage=: one screen's orders, a page at a time. */
export async function listOrders(c: AppContext, query: v.InferOutput<typeof artistOrdersQuerySchema>) {
  const page = await listArtistOrders(c.var.db, currentAuth(c).user.id, query.stage, {
    cursor: query.cursor,
    limit: query.limit,
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

/** POST /order/song/upload: a recording streamed into storage (audio by magic bytes, MAX_UPLOAD_MB). */
export async function uploadRecording(c: AppContext) {
  const { db, storage, clock, media } = c.var;
  const { user } = currentAuth(c);
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

const monthOf = (iso: string) => iso.slice(0, 7);

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
 * credited on completion and not paid out; paid out = marked paid by an admin.
 */
export async function earnings(c: AppContext) {
  const { db, clock } = c.var;
  const artistId = currentAuth(c).user.id;
  const [working, payouts] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'reference', 'occasion_name', 'price_centavos', 'platform_fee_centavos'])
      .where('artist_id', '=', artistId)
      .where('status', 'in', ['in_progress', 'in_validation', 'in_revision', 'delivered'])
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('payouts')
      .innerJoin('orders', 'orders.id', 'payouts.order_id')
      .selectAll('payouts')
      .select(['orders.reference as order_reference', 'orders.occasion_name'])
      .where('payouts.artist_id', '=', artistId)
      .orderBy('payouts.id', 'desc')
      .execute(),
  ]);
  const lines: Earnings['lines'] = [
    ...working.map((o) => ({
      order_id: o.id,
      reference: o.reference,
      occasion_name: o.occasion_name,
      status: 'pending' as EarningStatus,
      amount: pesos(o.price_centavos - o.platform_fee_centavos),
      credited_at: null,
      paid_at: null,
    })),
    ...payouts.map((p) => ({
      order_id: p.order_id,
      reference: p.order_reference,
      occasion_name: p.occasion_name,
      status: (p.status === 'paid' ? 'paid' : 'available') as EarningStatus,
      amount: pesos(p.amount_centavos),
      credited_at: p.created_at,
      paid_at: p.paid_at,
    })),
  ];
  const sum = (status: EarningStatus) => lines.filter((l) => l.status === status).reduce((t, l) => t + l.amount, 0);
  const byMonth = new Map<string, number>();
  for (const p of payouts)
    byMonth.set(monthOf(p.created_at), (byMonth.get(monthOf(p.created_at)) ?? 0) + p.amount_centavos);
  const body: Earnings = {
    totals: { pending: sum('pending'), available: sum('available'), paid_out: sum('paid') },
    lines,
    monthly: lastTwelveMonths(clock.now()).map((month) => ({ month, amount: pesos(byMonth.get(month) ?? 0) })),
    payouts: payouts.map(
      (p): Payout => ({
        id: p.id,
        order_reference: p.order_reference,
        amount: pesos(p.amount_centavos),
        status: p.status,
        created_at: p.created_at,
        paid_at: p.paid_at,
        reference: p.reference,
      }),
    ),
  };
  return ok(c, body);
}
