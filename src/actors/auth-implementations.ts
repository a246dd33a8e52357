import { fromPromise } from 'xstate';
import { signInGreeting, specMessages } from '../../contracts/messages';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { forgotPasswordFormMachine } from '../../machines/forgot-password-form.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { orderCheckoutPath } from '../../machines/session.machine';
import { signUpFormMachine } from '../../machines/sign-up-form.machine';
import { authApi } from '../api/auth.api';
import type { createApi } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { currentRouteName, navigateTo, navigateToHref } from './navigation';

type Api = ReturnType<typeof createApi>;

/** Only a path of this app (no scheme, no other host) is followed after a login. */
function ownPath(path: string | null, area: '/customer/' | '/artist/'): string | null {
  return path?.startsWith(area) && !path.startsWith('//') ? path : null;
}

/**
 * SPEC §4 Customer login: a pending checkout on the checkout page (or one a session reset interrupted,
 * `returnTo`) resumes it; a customer's page a signed-out visit asked for opens; otherwise /order,
 * each with a welcome.
 */
function afterCustomerLogin(firstName: string, returnTo: string | null): void {
  const onCheckout = currentRouteName() === 'order.checkout' || returnTo === orderCheckoutPath;
  if (storage.get('checkoutPending') === 'true' && onCheckout) {
    navigateTo('/order/checkout');
    notify.success('You are logged in. You can now complete your checkout.');
    return;
  }
  const asked = ownPath(returnTo, '/customer/');
  if (asked) navigateToHref(asked);
  else navigateTo('/order');
  notify.success(specMessages.welcomeBack(firstName));
}

/**
 * The account modals with their forms (the customer's in the modals, the artist's on their pages),
 * given the app's network, navigation and toasts.
 */
export function authDialogsLogicFor(api: Api) {
  const loginForm = loginFormMachine.provide({
    actors: {
      logIn: fromPromise(async ({ input }) => {
        // SPEC §4: set the user type first; it picks the API base.
        storage.set('userType', input.userType);
        return authApi(api.for(input.userType)).login({
          email: input.email,
          password: input.password,
          remember: input.remember,
        });
      }),
    },
    actions: { showErrorToast: (_, p) => notify.error(p.message) },
  });
  const signUpForm = signUpFormMachine.provide({
    actors: {
      register: fromPromise(({ input }) => authApi(api.for('user')).register({ ...input })),
    },
    actions: {
      showSuccessToast: (_, p) => notify.success(p.message),
      showErrorToast: (_, p) => notify.error(p.message),
    },
  });
  const forgotPasswordForm = forgotPasswordFormMachine.provide({
    actors: {
      sendResetLink: fromPromise(({ input }) => authApi(api.for(input.userType)).forgotPassword(input.email)),
    },
    actions: { showErrorToast: (_, p) => notify.error(p.message) },
  });
  return authDialogsMachine.provide({
    actors: { loginForm, signUpForm, forgotPasswordForm },
    actions: {
      afterCustomerLogin: (_, p) => afterCustomerLogin(p.user.first_name, p.returnTo),
      afterArtistLogin: (_, p) => {
        const asked = ownPath(p.returnTo, '/artist/');
        if (asked) navigateToHref(asked);
        else navigateTo('/artist/dashboard');
        notify.success(signInGreeting(p.user));
      },
    },
  });
}
