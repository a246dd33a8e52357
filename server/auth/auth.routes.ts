import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import { authUserSchema, loginAnswerSchema } from '../../contracts/api/account';
import { emailConfirmationStateSchema } from '../../contracts/api/account-extras';
import { messageOnlySchema, successSchema } from '../../contracts/api/envelope';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../contracts/auth';
import { confirmEmailSchema } from '../../contracts/email-confirmation';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
import { firstTimeLogin, login, logout, me, refresh, register } from './auth.handlers';
import { confirmEmail, emailConfirmationState, resendConfirmation } from './email-confirmation';
import { forgotPassword, resetPassword } from './password.handlers';
import { requireAuth } from './require-auth';

/** The auth routes of one area (`/api/v1/<area>`); the account type decides who may use them. */
export function createAuthRoutes(area: AccountType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);

  routes.post(
    '/auth/login',
    operation({
      summary: 'Log in with email and password',
      tags: 'Auth',
      answers: { 200: successSchema(loginAnswerSchema) },
      fails: [401, 403, 429],
    }),
    validateJson(loginSchema),
    (c) => login(c, area, c.req.valid('json')),
  );
  routes.get(
    '/auth/me',
    operation({
      summary: 'The signed-in account',
      tags: 'Auth',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
    }),
    signedIn,
    (c) => me(c),
  );
  routes.post(
    '/auth/logout',
    operation({
      summary: 'Log out (revokes the token)',
      tags: 'Auth',
      auth: true,
      answers: { 200: messageOnlySchema },
    }),
    signedIn,
    (c) => logout(c),
  );
  routes.post(
    '/auth/refresh',
    operation({
      summary: 'Exchange a token for a fresh one within the refresh window',
      tags: 'Auth',
      answers: { 200: successSchema(loginAnswerSchema) },
      fails: [401],
    }),
    (c) => refresh(c, area),
  );
  routes.patch(
    '/auth/first-time-login',
    operation({
      summary: 'Mark the first-login tour as seen',
      tags: 'Auth',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
    }),
    signedIn,
    (c) => firstTimeLogin(c),
  );
  // Artists come from the application form and admins from the CLI: only customers sign up here.
  if (area === 'user') {
    routes.post(
      '/auth/register',
      operation({
        summary: 'Sign up as a customer: signed in at once, and mailed a welcome with a link that confirms the address',
        tags: 'Auth',
        answers: { 201: successSchema(loginAnswerSchema) },
        fails: [409, 429],
      }),
      validateJson(registerSchema),
      (c) => register(c, c.req.valid('json')),
    );
    routes.get(
      '/email-confirmation',
      operation({
        summary: "The customer's email address and whether it is confirmed",
        tags: 'Auth',
        auth: true,
        answers: { 200: successSchema(emailConfirmationStateSchema) },
      }),
      signedIn,
      (c) => emailConfirmationState(c),
    );
    routes.post(
      '/email-confirmation/confirm',
      operation({
        summary: 'Confirm the email address with the mailed link (single use, expiring)',
        tags: 'Auth',
        answers: { 200: successSchema(emailConfirmationStateSchema) },
      }),
      validateJson(confirmEmailSchema),
      (c) => confirmEmail(c, c.req.valid('json')),
    );
    routes.post(
      '/email-confirmation/resend',
      operation({
        summary: 'Mail the confirmation link again',
        tags: 'Auth',
        auth: true,
        answers: { 200: messageOnlySchema },
        fails: [409, 429],
      }),
      signedIn,
      (c) => resendConfirmation(c),
    );
  }
  routes.post(
    '/password/forgot',
    operation({
      summary: 'Mail a password reset link',
      tags: 'Auth',
      answers: { 200: messageOnlySchema },
      fails: [429],
    }),
    validateJson(forgotPasswordSchema),
    (c) => forgotPassword(c, area, c.req.valid('json')),
  );
  routes.patch(
    '/password/reset',
    operation({
      summary: 'Set a new password with a reset token',
      tags: 'Auth',
      answers: { 200: messageOnlySchema },
      fails: [401, 410],
    }),
    validateJson(resetPasswordSchema),
    (c) => resetPassword(c, area, c.req.valid('json')),
  );

  return routes;
}
