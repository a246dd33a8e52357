import { Hono } from 'hono';
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
  routes.patch('/profile/deactivate', customer, (c) => deactivateCustomer(c));
  return routes;
}
