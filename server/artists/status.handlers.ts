import type * as v from 'valibot';
import { type ArtistDashboard, artistMessages, type onlineStatusSchema } from '../../contracts/artist';
import { onlineStatus } from '../../contracts/constants';
import { stageStatuses } from '../../contracts/lifecycle';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
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

/** GET /dashboard (approved only): the artist's screens at a glance, this month's credits, the next due date. */
export async function dashboard(c: AppContext) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const now = clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const [offers, taken, credited, ratings, next] = await Promise.all([
    db
      .selectFrom('order_artists')
      .innerJoin('orders', 'orders.id', 'order_artists.order_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_artists.artist_id', '=', user.id)
      .where('order_artists.offer_status', '=', 'pending')
      .where('order_artists.offered_at', 'is not', null)
      .where('orders.status', '=', 'offered')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('artist_id', '=', user.id)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('payouts')
      .select((eb) => eb.fn.sum<number>('amount_centavos').as('total'))
      .where('artist_id', '=', user.id)
      .where('created_at', '>=', monthStart)
      .executeTakeFirst(),
    ratingsOf(db, [user.id]),
    db
      .selectFrom('orders')
      .select(['reference', 'due_at'])
      .where('artist_id', '=', user.id)
      .where('status', 'in', ['in_progress', 'in_revision'])
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const count = (...statuses: string[]) =>
    taken.filter((row) => statuses.includes(row.status)).reduce((total, row) => total + Number(row.n), 0);
  const rating = ratings.get(user.id) ?? unrated;
  const body: ArtistDashboard = {
    counts: {
      song_orders: Number(offers.n),
      ongoing: count(...stageStatuses.ongoing),
      validation: count(...stageStatuses.validation),
      revision: count(...stageStatuses.revision),
      completed: count(...stageStatuses.completed),
    },
    earnings_this_month: pesos(Number(credited?.total ?? 0)),
    rating: rating.rating,
    rating_count: rating.rating_count,
    is_online: user.is_online ? 1 : 0,
    next_due: next?.due_at ? { reference: next.reference, due_at: next.due_at } : null,
  };
  return ok(c, body);
}
