import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import { addOnMessages } from '../../contracts/addons';
import type {
  cancelSchema,
  Gift,
  giftSchema,
  rateSchema,
  rebookSchema,
  rejectSchema,
  thanksSchema,
} from '../../contracts/lifecycle';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { type OrderDetail, occasions, orderMessages } from '../../contracts/order';
import { cancelledMessage } from '../../contracts/refunds';
import { currentAuth } from '../auth/require-auth';
import { findVisibleArtistsByIds } from '../catalog/catalog.repository';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueueGiftThanksMail } from '../mail/order-mails';
import { publishCommitted } from '../notifications/live-changes';
import { detailsOf } from '../orders/order.handlers';
import { parseStored } from '../orders/order.serializers';
import { findOrderForCustomer } from '../orders/orders.repository';
import { dateOnly, offersRush } from '../orders/pricing';
import { acceptDelivery, cancelOrder, newGiftToken, rateOrder, rebookOrder, rejectDelivery } from './order-actions';
import { giftLinkOf, loadRelations, toCustomerLifecycle } from './order-views';
import { lifecycleSettingsOf } from './settings';
import type { TransitionResult } from './transition';

/** The caller's order or 404 (another customer's order is as good as missing). */
async function ownOrder(c: AppContext, id: number) {
  const order = await findOrderForCustomer(c.var.db, currentAuth(c).user.id, id);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  return order;
}

/** Runs one lifecycle action on the caller's order, publishes its notifications, answers the order. */
async function act(
  c: AppContext,
  id: number,
  message: string | ((detail: OrderDetail) => string),
  run: (trx: Transaction<DB>, at: Date, customerId: number) => Promise<TransitionResult>,
) {
  await ownOrder(c, id);
  const customerId = currentAuth(c).user.id;
  const result = await c.var.db.transaction().execute((trx) => run(trx, c.var.clock.now(), customerId));
  publishCommitted(c.var.hub, result);
  const [detail] = await detailsOf(c, [result.order]);
  return ok(c, detail, typeof message === 'string' ? message : message(detail as OrderDetail));
}

export const acceptOrder = (c: AppContext, id: number) =>
  act(c, id, lifecycleMessages.customerAccepted, (trx, at, customerId) =>
    acceptDelivery(trx, { orderId: id, customerId, at }),
  );

export const rejectOrder = (c: AppContext, id: number, body: v.InferOutput<typeof rejectSchema>) =>
  act(c, id, lifecycleMessages.customerRejected, (trx, at, customerId) =>
    rejectDelivery(trx, { orderId: id, customerId, reason: body.reason, at }),
  );

export const rate = (c: AppContext, id: number, body: v.InferOutput<typeof rateSchema>) =>
  act(c, id, lifecycleMessages.rated, (trx, at, customerId) =>
    rateOrder(trx, { orderId: id, customerId, rating: body.rating, review: body.review, at }),
  );

export async function cancel(c: AppContext, id: number, body: v.InferOutput<typeof cancelSchema>) {
  await ownOrder(c, id);
  // The toast says what the order page says of the refund this cancellation owes (contracts/refunds.ts).
  const message = (detail: OrderDetail) => cancelledMessage(detail.refunds);
  return act(c, id, message, (trx, at, customerId) =>
    cancelOrder(trx, { orderId: id, role: 'customer', actorId: customerId, reason: body.reason, at }),
  );
}

/**
 * New artists for an order nobody took: each must be listed in the catalogue (the cards of migration 0034
 * say who is, as for a new order) and not offered this order before. No new payment: the price stays
 * what the customer paid.
 */
export async function rebook(c: AppContext, id: number, body: v.InferOutput<typeof rebookSchema>) {
  const order = await ownOrder(c, id);
  const { db } = c.var;
  const visible = await findVisibleArtistsByIds(db, body.selected_artists);
  const byPublicId = new Map(visible.map((artist) => [artist.user.user_id, artist]));
  if (byPublicId.size !== body.selected_artists.length)
    throw fieldError(orderMessages.artistUnavailable, 'selected_artists');
  const chosen = body.selected_artists.map((publicId) => byPublicId.get(publicId) as (typeof visible)[number]);
  const ids = chosen.map((artist) => artist.user.id);
  const offeredBefore = await db
    .selectFrom('order_artists')
    .select('artist_id')
    .where('order_id', '=', order.id)
    .execute();
  if (ids.some((artistId) => offeredBefore.some((o) => o.artist_id === artistId)))
    throw fieldError(lifecycleMessages.rebookSameArtist, 'selected_artists');
  // A rush order stays rush: only artists who offer rush may be offered it (docs/product.md §9 "Add-ons").
  if (order.rush === 1 && !chosen.every((artist) => offersRush(artist.profile)))
    throw fieldError(addOnMessages.rushNotOffered, 'selected_artists');
  const settings = lifecycleSettingsOf(c.var.config);
  return act(c, id, lifecycleMessages.rebooked, (trx, at, customerId) =>
    rebookOrder(trx, { orderId: id, customerId, artistIds: ids, at, settings }),
  );
}

/** Today's date in Manila (UTC+8), the calendar the reveal date is chosen in. */
const manilaToday = (now: Date) => dateOnly(new Date(now.getTime() + 8 * 3_600_000));

/** Creates the gift link of a completed order once (the token never changes) and sets its reveal date. */
export async function shareGift(c: AppContext, id: number, body: v.InferOutput<typeof giftSchema>) {
  const order = await ownOrder(c, id);
  if (order.status !== 'completed') throw new ApiError(409, lifecycleMessages.giftNotReady);
  if (body.reveal_on !== null && body.reveal_on < manilaToday(c.var.clock.now()))
    throw fieldError(lifecycleMessages.revealDateInvalid, 'reveal_on');
  const updated = await c.var.db
    .updateTable('orders')
    .set({ gift_token: order.gift_token ?? newGiftToken(), gift_reveal_on: body.reveal_on })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return ok(c, giftLinkOf(updated, c.var.config.publicUrl), lifecycleMessages.giftShared);
}

/** A completed order behind a gift token (tokens are 32 URL-safe characters; anything else is unknown). */
async function giftOrder(c: AppContext, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) throw new ApiError(404, lifecycleMessages.giftNotFound);
  const order = await c.var.db
    .selectFrom('orders')
    .selectAll()
    .where('gift_token', '=', token)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  if (!order) throw new ApiError(404, lifecycleMessages.giftNotFound);
  return order;
}

/** GET /gifts/{token}: public. Before the reveal date the page knows who it is for, not the song. */
export async function getGift(c: AppContext, token: string) {
  const order = await giftOrder(c, token);
  const { db, media, clock, config } = c.var;
  const relations = await loadRelations(db, [order]);
  const lifecycle = toCustomerLifecycle(order, relations, media, config.publicUrl);
  const revealed = order.gift_reveal_on === null || order.gift_reveal_on <= manilaToday(clock.now());
  // The brief names who gives the song; an order whose brief lacks it (written before the field was
  // asked) falls back to the customer's own first name rather than failing the recipient's page.
  const brief = parseStored<{ occasion?: { gifter_first_name?: string } }>(order.brief);
  const gifter =
    brief?.occasion?.gifter_first_name ??
    (await db.selectFrom('users').select('first_name').where('id', '=', order.customer_id).executeTakeFirst())
      ?.first_name ??
    '';
  const song = revealed && lifecycle.recording ? lifecycle.recording : null;
  const gift: Gift = {
    recipient_first_name: order.recipient_first_name,
    occasion_name: occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name,
    gifter_first_name: gifter,
    artist: lifecycle.artist ?? { id: '', stage_name: '' },
    reveal_on: order.gift_reveal_on,
    revealed,
    song: song ? { url: song.url, download_url: `${song.url}&download=1`, mime: song.mime } : null,
    lyrics: song ? song.lyrics : null,
    thanked: relations.thanks.has(order.id),
  };
  return ok(c, gift);
}

/** POST /gifts/{token}/thanks: the recipient's note to the artist, once per gift. */
export async function sendThanks(c: AppContext, token: string, body: v.InferOutput<typeof thanksSchema>) {
  const order = await giftOrder(c, token);
  const now = c.var.clock.now();
  const inserted = await c.var.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('gift_thanks')
      .values({ order_id: order.id, name: body.name, message: body.message, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (row && order.artist_id !== null) await enqueueGiftThanksMail(trx, order, body, now);
    return row;
  });
  if (!inserted) throw new ApiError(409, lifecycleMessages.thanksAlreadySent);
  return ok(c, null, lifecycleMessages.thanksSent, 201);
}
