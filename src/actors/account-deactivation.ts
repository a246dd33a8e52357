import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { enqueueActions, fromPromise } from 'xstate';
import type { DeactivationPreview } from '../../contracts/account-care';
import { accountDeactivationMachine } from '../../machines/account-deactivation.machine';
import { artistApi } from '../api/artist.api';
import { customerApi } from '../api/customer.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';
import { navigateTo } from './navigation';

/**
 * "Deactivate my account" for a customer or an artist, wired to the API: the question reads what it
 * would leave behind; confirming with the password deactivates, and the session ends here and in
 * the other tabs (the server revoked the token). The server's message says until when it can be restored.
 */
export function useAccountDeactivation(area: 'user' | 'artist') {
  const { api, session } = useAppActors();
  const machine = useMemo(() => {
    const calls = area === 'artist' ? artistApi(api.for('artist')) : customerApi(api.for('user'));
    return accountDeactivationMachine.provide({
      actors: {
        loadPreview: fromPromise<DeactivationPreview>(() => calls.deactivation()),
        deactivate: fromPromise<{ message: string }, { current_password: string }>(({ input }) =>
          calls.deactivate(input),
        ),
      },
      actions: {
        onDone: enqueueActions(({ enqueue }, params: { message: string }) => {
          enqueue.sendTo(session, { type: 'account.deactivated' });
          enqueue(() => {
            navigateTo('/', { replace: true });
            notify.info(params.message);
          });
        }),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    });
  }, [api, session, area]);
  return useActorRef(machine);
}
