import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import type { HolderReview } from '../../contracts/account-care';
import type { ApiSuccess } from '../../contracts/http';
import type { AdminPayout } from '../../contracts/lifecycle';
import { adminMarkPaidMachine, type MarkPaidAnswer, type MarkPaidInput } from '../../machines/admin-mark-paid.machine';
import { confirmActionMachine } from '../../machines/confirm-action.machine';
import type { pagedListMachine } from '../../machines/paged-list.machine';
import { notify } from '../components/ui/toaster';
import { getOperationsApi } from './operations.api';
import { getAdminOrdersApi } from './orders.api';
import { useAdminList } from './paged-list';

// The admin payouts page's actors: marking a payout paid, and approving or rejecting a payout account
// whose holder name is not the artist's (views only read them and send events).

type ListActor = ActorRefFrom<typeof pagedListMachine>;

/** /admin/payouts: one status's payouts, followed live. */
export function usePayoutsList(status: 'pending' | 'paid') {
  return useAdminList<AdminPayout>(
    (query, cursor) => getAdminOrdersApi().payouts({ status: query.status as 'pending' | 'paid', cursor }),
    { status },
    { kinds: ['payout'] },
  );
}

/** Mark paid: the paid row leaves the list; `beforeRemove` is told which row, to move the focus. */
export function useMarkPaidActor(listActor: ListActor, beforeRemove: (id: number) => void) {
  const machine = useMemo(() => {
    const api = getAdminOrdersApi();
    return adminMarkPaidMachine.provide({
      actors: {
        markPaid: fromPromise<MarkPaidAnswer, MarkPaidInput>(({ input }) => api.markPaid(input.id, input.reference)),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        removePayout: (_, p) => {
          beforeRemove(p.id);
          listActor.send({ type: 'item.removed', id: p.id });
        },
      },
    });
  }, [listActor, beforeRemove]);
  return useActorRef(machine);
}

/**
 * Mark all of one artist's ready payouts paid with one reference (the row's payout names the artist
 * through `artistOf`); the list reloads, as several rows leave at once.
 */
export function useMarkAllPaidActor(listActor: ListActor, artistOf: (payoutId: number) => string | undefined) {
  const machine = useMemo(() => {
    const api = getOperationsApi();
    return adminMarkPaidMachine.provide({
      actors: {
        // Only the server's sentence is read: the rows come back with the list's reload.
        markPaid: fromPromise<MarkPaidAnswer, MarkPaidInput>(async ({ input }) => ({
          message: (await api.markArtistPaid(artistOf(input.id) ?? '', input.reference)).message,
          data: { id: input.id, status: 'paid' },
        })),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        removePayout: () => listActor.send({ type: 'user.refresh' }),
      },
    });
  }, [listActor, artistOf]);
  return useActorRef(machine);
}

/**
 * Approve or reject an artist's payout account after asking; the list reloads to show the decision
 * (and the payouts it releases or keeps held).
 */
export function useHolderDecision(artistId: string, decision: 'approve' | 'reject', listActor: ListActor) {
  const machine = useMemo(
    () =>
      confirmActionMachine.provide({
        actors: {
          runAction: fromPromise<unknown>(() => getAdminOrdersApi().decideHolder(artistId, decision)),
        },
        actions: {
          onDone: (_, p) => {
            notify.success((p.output as ApiSuccess<{ holder_review: HolderReview }>).message ?? 'Saved.');
            listActor.send({ type: 'user.refresh' });
          },
          showErrorToast: (_, p) => notify.error(p.message),
        },
      }),
    [artistId, decision, listActor],
  );
  const actor = useActorRef(machine);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return { actor, confirming, busy };
}
