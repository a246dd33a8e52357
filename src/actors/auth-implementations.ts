import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { UserType } from '../../contracts/auth';
import { signInGreeting, specMessages } from '../../contracts/messages';
import { forgotPasswordFormMachine } from '../../machines/forgot-password-form.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { orderCheckoutPath } from '../../machines/session.machine';
import { signUpFormMachine } from '../../machines/sign-up-form.machine';
import { authApi } from '../api/auth.api';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import type { AppActors } from './app-actors';
import { useAppActors } from './hooks';
import { currentRouteName, navigateTo } from './navigation';

/**
 * SPEC §4 Customer login: a pending checkout on the checkout page (or one a session reset interrupted,
 * `returnTo`) resumes it; otherwise /order with a welcome.
 */
function afterCustomerLogin(firstName: string, returnTo: string | null): void {
  const onCheckout = currentRouteName() === 'order.checkout' || returnTo === orderCheckoutPath;
  if (storage.get('checkoutPending') === 'true' && onCheckout) {
    navigateTo('/order/checkout');
    notify.success('You are logged in. You can now complete your checkout.');
    return;
  }
  navigateTo('/order');
  notify.success(specMessages.welcomeBack(firstName));
}

function loginMachineFor(actors: AppActors) {
  return loginFormMachine.provide({
    actors: {
      logIn: fromPromise(async ({ input }) => {
        // SPEC §4: set the user type first; it picks the API base.
        storage.set('userType', input.userType);
        return authApi(actors.api.for(input.userType)).login({
          email: input.email,
          password: input.password,
          remember: input.remember,
        });
      }),
    },
    actions: {
      announceSignedIn: (_, p) =>
        actors.session.send({ type: 'session.signedIn', token: p.token, user: p.user, userType: p.userType }),
      afterLogin: (_, p) => {
        const { returnTo } = actors.dialogs.getSnapshot().context;
        actors.dialogs.send({ type: 'dialog.close' });
        if (p.userType === 'user') afterCustomerLogin(p.user.first_name, returnTo);
        else {
          navigateTo('/artist/dashboard');
          notify.success(signInGreeting(p.user));
        }
      },
      showErrorToast: (_, p) => notify.error(p.message),
    },
  });
}

function signUpMachineFor(actors: AppActors) {
  return signUpFormMachine.provide({
    actors: {
      register: fromPromise(({ input }) => authApi(actors.api.for('user')).register({ ...input })),
    },
    actions: {
      closeDialog: () => actors.dialogs.send({ type: 'dialog.close' }),
      openLogin: () => actors.dialogs.send({ type: 'dialog.openLogin' }),
      showSuccessToast: (_, p) => notify.success(p.message),
      showErrorToast: (_, p) => notify.error(p.message),
    },
  });
}

function forgotMachineFor(actors: AppActors) {
  return forgotPasswordFormMachine.provide({
    actors: {
      sendResetLink: fromPromise(({ input }) => authApi(actors.api.for(input.userType)).forgotPassword(input.email)),
    },
    actions: { showErrorToast: (_, p) => notify.error(p.message) },
  });
}

/** The form machines with the app's network, navigation and toasts. */
export function useAuthMachines() {
  const actors = useAppActors();
  return useMemo(
    () => ({ login: loginMachineFor(actors), signUp: signUpMachineFor(actors), forgot: forgotMachineFor(actors) }),
    [actors],
  );
}

export type AuthMachines = ReturnType<typeof useAuthMachines>;
export type { UserType };
