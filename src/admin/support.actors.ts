// /admin/support wired to the API: the paged list of open requests and the read-and-close dialog's
// machine. The page only reads and sends.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { SupportRequest } from '../../contracts/support';
import { adminSupportRequestMachine } from '../../machines/admin-support-request.machine';
import { notify } from '../components/ui/toaster';
import { useAdminList } from './paged-list';
import { getSupportRequestsApi } from './support.api';

/** The open requests, oldest first; a new request's notification (an order-kind hint) refreshes the list. */
export function useSupportRequests() {
  return useAdminList<SupportRequest>(
    (_query, cursor) => getSupportRequestsApi().list(cursor),
    {},
    { kinds: ['order'] },
  );
}

/** The dialog that shows one request and marks it closed; closing (or a refusal) refreshes the list. */
export function useSupportRequestDialog(refreshList: () => void) {
  const machine = useMemo(
    () =>
      adminSupportRequestMachine.provide({
        actors: { closeRequest: fromPromise(({ input }) => getSupportRequestsApi().close(input.id)) },
        actions: {
          showSuccessToast: (_, p) => notify.success(p.message),
          showErrorToast: (_, p) => notify.error(p.message),
          refreshList: () => refreshList(),
        },
      }),
    [refreshList],
  );
  const actor = useActorRef(machine);
  const openFor = useSelector(actor, (s) => (s.hasTag('dialogOpen') ? s.context.requestId : null));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return { openFor, busy, send: actor.send };
}
