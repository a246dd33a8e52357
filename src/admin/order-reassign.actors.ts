import { fromPromise } from 'xstate';
import type { AdminArtist } from '../../contracts/operations';
import {
  adminReassignMachine,
  type ReassignAnswer,
  type ReassignInput,
  type SearchArtistsInput,
} from '../../machines/admin-reassign.machine';
import { notify } from '../components/ui/toaster';
import { getAdminOrdersApi } from './orders.api';

// The order page's "Give to another artist" flow, wired to the admin API: the view reads this machine
// and sends it the admin's choices; it never calls the API itself.

/** The reassignment machine for one order page; `reload` reloads the order after a change or a refusal. */
export function orderReassignLogic(reload: () => void) {
  const api = getAdminOrdersApi();
  return adminReassignMachine.provide({
    actors: {
      searchArtists: fromPromise<AdminArtist[], SearchArtistsInput>(
        async ({ input }) => (await api.artists({ q: input.query || undefined, status: 'active', limit: 20 })).items,
      ),
      reassign: fromPromise<ReassignAnswer, ReassignInput>(({ input }) =>
        api.reassign(input.orderId, input.artistId, input.reason),
      ),
    },
    actions: {
      showSuccessToast: (_, p) => notify.success(p.message),
      showErrorToast: (_, p) => notify.error(p.message),
      reload: () => reload(),
    },
  });
}
