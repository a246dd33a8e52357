import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { ArtistListStatus } from '../../contracts/artist-list';
import type { AdminArtist } from '../../contracts/operations';
import {
  type ArtistStatusAnswer,
  type ArtistStatusInput,
  adminArtistStatusMachine,
} from '../../machines/admin-artist-status.machine';
import {
  adminStageNameMachine,
  type StageNameDecisionAnswer,
  type StageNameDecisionInput,
} from '../../machines/admin-stage-name.machine';
import { notify } from '../components/ui/toaster';
import { getAdminOrdersApi } from './orders.api';
import { useAdminList } from './paged-list';

// The artists page's actors, wired to the API here so that the page only reads and sends.

/** /admin/artists: one filter's artists (or a search), followed live (applications, stage-name requests). */
export function useAdminArtists(status: ArtistListStatus, q: string | undefined) {
  return useAdminList<AdminArtist>(
    (query, cursor) => getAdminOrdersApi().artists({ status: query.status as ArtistListStatus, q: query.q, cursor }),
    { status, ...(q ? { q } : {}) },
    { kinds: ['application'] },
  );
}

type ListActor = ReturnType<typeof useAdminArtists>['actor'];

/** Suspending and reactivating, each with a reason; the list reloads after. */
export function useArtistStatusActor(list: ListActor) {
  const machine = useMemo(() => {
    const api = getAdminOrdersApi();
    return adminArtistStatusMachine.provide({
      actors: {
        changeStatus: fromPromise<ArtistStatusAnswer, ArtistStatusInput>(({ input }) =>
          api.changeArtistStatus(input.id, input.action, input.reason),
        ),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        // The row's status changed (and may leave a filtered list): read the list again.
        replaceArtist: () => list.send({ type: 'user.refresh' }),
        refreshList: () => list.send({ type: 'user.refresh' }),
      },
    });
  }, [list]);
  return useActorRef(machine);
}

/** Approving or turning down a new stage name; the list reloads after. */
export function useStageNameActor(list: ListActor) {
  const machine = useMemo(() => {
    const api = getAdminOrdersApi();
    return adminStageNameMachine.provide({
      actors: {
        decide: fromPromise<StageNameDecisionAnswer, StageNameDecisionInput>(({ input }) =>
          api.decideStageName(input.id, input.decision, input.stageName),
        ),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        refreshList: () => list.send({ type: 'user.refresh' }),
      },
    });
  }, [list]);
  return useActorRef(machine);
}
