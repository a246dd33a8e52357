import type { DeactivationPreview } from '../../contracts/account-care';
import { restorableUntil } from '../../contracts/account-care';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { openWorkOf } from '../lifecycle/artist-departure';
import { totalsOf } from '../lifecycle/artist-summaries.repository';
import { customerOpenOrders } from './account-restore';

/**
 * GET /profile/deactivation (both areas): what deactivating now would leave behind, for the
 * confirmation. A customer's paid orders in progress; an artist's open work with what happens to
 * each, and their earnings still to be paid (the maintained summary, one row).
 */
export async function deactivationPreview(c: AppContext) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const until = restorableUntil(clock.now().toISOString()).toISOString();
  if (user.type === 'artist') {
    const [openWork, totals] = await Promise.all([openWorkOf(db, user.id), totalsOf(db, user.id)]);
    const body: DeactivationPreview = {
      orders: [],
      open_work: openWork,
      earnings_owed_centavos: totals.available,
      restorable_until: until,
    };
    return ok(c, body);
  }
  const body: DeactivationPreview = {
    orders: await customerOpenOrders(db, user.id),
    open_work: [],
    earnings_owed_centavos: null,
    restorable_until: until,
  };
  return ok(c, body);
}
