import { Hono } from 'hono';
import { deactivateSchema } from '../../contracts/account-care';
import { changePasswordSchema } from '../../contracts/artist';
import { customerProfileSchema } from '../../contracts/auth';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import {
  changeCustomerPassword,
  deactivateCustomer,
  getCustomerProfile,
  saveCustomerProfile,
} from './customer-profile.handlers';
import { deactivationPreview } from './deactivation.handlers';

/** The customer's account settings (`/api/v1/user`): customer token only, checked before the body. */
export function createCustomerProfileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const customer = requireAuth('user');
  routes.get('/profile', customer, (c) => getCustomerProfile(c));
  routes.patch('/profile', customer, validateJson(customerProfileSchema), (c) =>
    saveCustomerProfile(c, c.req.valid('json')),
  );
  routes.patch('/profile/password', customer, validateJson(changePasswordSchema), (c) =>
    changeCustomerPassword(c, c.req.valid('json')),
  );
  routes.get('/profile/deactivation', customer, (c) => deactivationPreview(c));
  routes.patch('/profile/deactivate', customer, validateJson(deactivateSchema), (c) =>
    deactivateCustomer(c, c.req.valid('json')),
  );
  return routes;
}
