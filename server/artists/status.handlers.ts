import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import { type ArtistDashboard, artistMessages, type onlineStatusSchema } from '../../contracts/artist';
import { onlineStatus } from '../../contracts/constants';
import { dueWorkStatuses, stageStatuses } from '../../contracts/lifecycle';
import type { OrderStatus } from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { ok } from '../http/envelope';
import { creditsByMonth, statusCountsOf } from '../lifecycle/artist-summaries.repository';
import { ratingsOf, unrated } from '../lifecycle/ratings.repository';
import { pesos } from '../orders/pricing';
import { toAuthUser } from '../users/auth-user';
import { updateUser } from '../users/users.repository';

type OnlineInput = v.InferOutput<typeof onlineStatusSchema>;

/** PATCH /profile/online-status (approved only): 0 goes online, 1 offline; the first-login tour is over either way. */
export async function setOnlineStatus(c: AppContext, body: OnlineInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const goesOnline = body.status === onlineStatus.goOnline;
  const updated = await updateUser(db, user.id, {
    is_online: goesOnline ? 1 : 0,
    is_first_time_login: 0,
    updated_at: clock.now().toISOString(),
  });
  if (!updated) throw new Error('The signed-in artist disappeared');
  return ok(c, toAuthUser(updated), goesOnline ? artistMessages.wentOnline : artistMessages.wentOffline);
}

/** The UTC month (yyyy-mm) of `now`. */
const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/** The artist's open offers: bounded (an offer closes within OFFER_TTL_HOURS), index order_artists_artist_open. */
function openOfferCount(db: Kysely<DB>, artistId: number) {
  return db
    .selectFrom('order_artists')
    .innerJoin('orders', 'orders.id', 'order_artists.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_artists.artist_id', '=', artistId)
    .where('order_artists.offer_status', '=', 'pending')
    .where('order_artists.offered_at', 'is not', null)
    .where('orders.status', '=', 'offered')
    .executeTakeFirstOrThrow();
}

/** The soonest due work: the first row of each due-work status (index orders_artist_status_due), then the sooner. */
async function nextDue(db: Kysely<DB>, artistId: number) {
  const soonestOf = (status: OrderStatus) =>
    db
      .selectFrom('orders')
      .select(['reference', 'due_at'])
      .where('artist_id', '=', artistId)
      .where('status', '=', status)
      .where('due_at', 'is not', null)
      .orderBy('due_at')
      .limit(1);
  const [working, revising] = dueWorkStatuses;
  const rows = await db
    .selectFrom(soonestOf(working).as('w'))
    .selectAll()
    .unionAll(db.selectFrom(soonestOf(revising).as('r')).selectAll())
    .execute();
  return rows.sort((a, b) => String(a.due_at).localeCompare(String(b.due_at)))[0];
}

/**
 * GET /dashboard (approved only): the artist's screens at a glance, this month's credits, the next due
 * date. Counts, credits and rating come from the maintained summary rows (migration 0014), so the
 * answer costs a few primary-key reads however many orders the artist has done.
 */
export async function dashboard(c: AppContext) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const month = monthOf(clock.now());
  const [offers, counts, credited, ratings, next] = await Promise.all([
    openOfferCount(db, user.id),
    statusCountsOf(db, user.id),
    creditsByMonth(db, user.id, month, month),
    ratingsOf(db, [user.id]),
    nextDue(db, user.id),
  ]);
  const count = (...statuses: OrderStatus[]) =>
    statuses.reduce((total, status) => total + (counts.get(status) ?? 0), 0);
  const rating = ratings.get(user.id) ?? unrated;
  const body: ArtistDashboard = {
    counts: {
      song_orders: Number(offers.n),
      ongoing: count(...stageStatuses.ongoing),
      validation: count(...stageStatuses.validation),
      revision: count(...stageStatuses.revision),
      completed: count(...stageStatuses.completed),
    },
    earnings_this_month: pesos(credited.get(month) ?? 0),
    rating: rating.rating,
    rating_count: rating.rating_count,
    is_online: user.is_online ? 1 : 0,
    next_due: next?.due_at ? { reference: next.reference, due_at: next.due_at } : null,
  };
  return ok(c, body);
}
