import { useActorRef } from '@xstate/react';
import { enqueueActions, fromPromise } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { editFormMachine } from '../../machines/edit-form.machine';
import { customerApi } from '../api/customer.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

/** The customer's profile form (PATCH /profile): the saved user goes to the session. */
export function useCustomerProfileForm(values: Record<string, string>) {
  const { api, session } = useAppActors();
  return useActorRef(
    editFormMachine.provide({
      actors: { submitForm: fromPromise(({ input }) => customerApi(api.for('user')).updateProfile(input)) },
      actions: {
        onSaved: enqueueActions(({ enqueue }, p) => {
          enqueue.sendTo(session, { type: 'user.updated', user: p.output as AuthUser });
          enqueue(() => notify.success('Your profile is saved.'));
        }),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    { input: { values } },
  );
}
