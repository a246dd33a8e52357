import { useActorRef } from '@xstate/react';
import { enqueueActions, fromPromise } from 'xstate';
import type { LoginAnswer } from '../../contracts/account';
import { editFormMachine } from '../../machines/edit-form.machine';
import { customerApi } from '../api/customer.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

const emptyPasswords = { current_password: '', password: '', password_confirmation: '' };

/** The customer's Change password form: the new token keeps this session (the old one was revoked). */
export function useCustomerPasswordForm() {
  const { api, session } = useAppActors();
  const password = useActorRef(
    editFormMachine.provide({
      actors: { submitForm: fromPromise(({ input }) => customerApi(api.for('user')).changePassword(input)) },
      actions: {
        onSaved: enqueueActions(({ enqueue }, p) => {
          const answer = p.output as LoginAnswer;
          // The old token was revoked with the change: keep this session on the new one.
          enqueue.sendTo(session, {
            type: 'session.signedIn',
            token: answer.token,
            user: answer.user,
            userType: 'user',
          });
          enqueue.raise({ type: 'values.loaded', values: emptyPasswords });
          enqueue(() => notify.success('Your password has been changed.'));
        }),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    { input: { values: emptyPasswords } },
  );
  return password;
}
