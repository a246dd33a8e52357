import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../contracts/auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { firstTimeLogin, login, logout, me, refresh, register } from './auth.handlers';
import { forgotPassword, resetPassword } from './password.handlers';
import { requireAuth } from './require-auth';

/** The auth routes of one area (`/api/v1/<area>`); the account type decides who may use them. */
export function createAuthRoutes(area: AccountType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);

  routes.post('/auth/login', validateJson(loginSchema), (c) => login(c, area, c.req.valid('json')));
  routes.get('/auth/me', signedIn, (c) => me(c));
  routes.post('/auth/logout', signedIn, (c) => logout(c));
  routes.post('/auth/refresh', (c) => refresh(c, area));
  routes.patch('/auth/first-time-login', signedIn, (c) => firstTimeLogin(c));
  // Artists come from the application form and admins from the CLI: only customers sign up here.
  if (area === 'user') {
    routes.post('/auth/register', validateJson(registerSchema), (c) => register(c, c.req.valid('json')));
  }
  routes.post('/password/forgot', validateJson(forgotPasswordSchema), (c) =>
    forgotPassword(c, area, c.req.valid('json')),
  );
  routes.patch('/password/reset', validateJson(resetPasswordSchema), (c) =>
    resetPassword(c, area, c.req.valid('json')),
  );

  return routes;
}
