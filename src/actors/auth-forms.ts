// The forms of the account modals and the artist's login pages, with the app's network and toasts.
// The account modals load this module when a modal or page with a form first opens
// (machines/auth-forms.machine.ts, its lazy child `forms`), so a visitor who never opens one never downloads it
// (nor the sign-up's country list).
import { fromPromise } from 'xstate';
import type { AuthFormsLogic } from '../../machines/auth-forms.machine';
import { forgotPasswordFormMachine } from '../../machines/forgot-password-form.machine';
import { loginFormMachine } from '../../machines/login-form.machine';
import { signUpFormMachine } from '../../machines/sign-up-form.machine';
import { authApi } from '../api/auth.api';
import type { Api } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';

export function authFormsLogic(api: Api): AuthFormsLogic {
  return {
    loginForm: loginFormMachine.provide({
      actors: {
        logIn: fromPromise(async ({ input }) => {
          // docs/product.md §4: set the user type first; it picks the API base.
          storage.set('userType', input.userType);
          return authApi(api.for(input.userType)).login({
            email: input.email,
            password: input.password,
            remember: input.remember,
          });
        }),
      },
      actions: { showErrorToast: (_, p) => notify.error(p.message) },
    }),
    signUpForm: signUpFormMachine.provide({
      actors: {
        register: fromPromise(({ input }) => authApi(api.for('user')).register({ ...input })),
      },
      actions: { showErrorToast: (_, p) => notify.error(p.message) },
    }),
    forgotPasswordForm: forgotPasswordFormMachine.provide({
      actors: {
        sendResetLink: fromPromise(({ input }) => authApi(api.for(input.userType)).forgotPassword(input.email)),
      },
      actions: { showErrorToast: (_, p) => notify.error(p.message) },
    }),
  };
}
