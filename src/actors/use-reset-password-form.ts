import { useActorRef } from '@xstate/react';
import { enqueueActions, fromPromise } from 'xstate';
import type { UserType } from '../../contracts/account';
import { resetPasswordFormMachine } from '../../machines/reset-password-form.machine';
import { authApi } from '../api/auth.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';
import { navigateTo } from './navigation';

/** The reset-password form (docs/product.md §2) with the link's API area, toasts and the way back to login. */
export function useResetPasswordForm(input: { userType: UserType; token: string; email: string }) {
  const actors = useAppActors();
  return useActorRef(
    resetPasswordFormMachine.provide({
      actors: {
        resetPassword: fromPromise(({ input }) =>
          authApi(actors.api.for(input.userType)).resetPassword({
            token: input.token,
            email: input.email,
            password: input.password,
            password_confirmation: input.password_confirmation,
          }),
        ),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        goToLogin: enqueueActions(({ enqueue }, p) => {
          if (p.userType === 'artist') enqueue(() => navigateTo('/artist/login', { replace: true }));
          else {
            enqueue(() => navigateTo('/', { replace: true }));
            enqueue.sendTo(actors.root, { type: 'dialog.openLogin' });
          }
        }),
      },
    }),
    { input },
  );
}
