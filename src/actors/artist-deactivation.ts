import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { enqueueActions, fromPromise } from 'xstate';
import type { OpenWork } from '../../contracts/operations';
import { artistDeactivationMachine } from '../../machines/artist-deactivation.machine';
import { artistApi } from '../api/artist.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';
import { navigateTo } from './navigation';

/**
 * The artist's "Deactivate my account" flow, wired to the API: the question lists the open orders
 * (GET /artist/profile/open-orders); on confirm the account is deactivated and the session ends.
 */
export function useArtistDeactivation() {
  const { api, session } = useAppActors();
  const machine = useMemo(() => {
    const calls = artistApi(api.for('artist'));
    return artistDeactivationMachine.provide({
      actors: {
        loadOpenWork: fromPromise<OpenWork[]>(() => calls.openOrders()),
        deactivate: fromPromise<unknown>(() => calls.deactivate()),
      },
      actions: {
        // The server revoked the token: end the session here and in the other tabs.
        onDone: enqueueActions(({ enqueue }) => {
          enqueue.sendTo(session, { type: 'account.deactivated' });
          enqueue(() => {
            navigateTo('/', { replace: true });
            notify.info('Your artist account has been deactivated.');
          });
        }),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    });
  }, [api, session]);
  return useActorRef(machine);
}
