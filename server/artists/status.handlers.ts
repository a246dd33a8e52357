import type * as v from 'valibot';
import { type ArtistDashboard, artistMessages, type onlineStatusSchema } from '../../contracts/artist';
import { onlineStatus } from '../../contracts/constants';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
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

/** GET /dashboard (approved only). Order counts and earnings arrive with the order lifecycle: real zeros until then. */
export function dashboard(c: AppContext) {
  const { user } = currentAuth(c);
  const body: ArtistDashboard = {
    counts: { song_orders: 0, ongoing: 0, validation: 0, revision: 0, completed: 0 },
    earnings_this_month: 0,
    rating: null,
    rating_count: 0,
    is_online: user.is_online ? 1 : 0,
    next_due: null,
  };
  return ok(c, body);
}
