import { Hono } from 'hono';
import { deactivateSchema } from '../../contracts/account-care';
import { authUserSchema, loginAnswerSchema } from '../../contracts/api/account';
import { deactivationPreviewSchema } from '../../contracts/api/artist';
import { messageOnlySchema, successSchema } from '../../contracts/api/envelope';
import { changePasswordSchema } from '../../contracts/artist';
import { customerProfileSchema } from '../../contracts/auth';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
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
  routes.get(
    '/profile',
    operation({
      summary: "The customer's profile",
      tags: 'Customer profile',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
    }),
    customer,
    (c) => getCustomerProfile(c),
  );
  routes.patch(
    '/profile',
    operation({
      summary: "Save the customer's profile",
      tags: 'Customer profile',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
      fails: [409],
    }),
    customer,
    validateJson(customerProfileSchema),
    (c) => saveCustomerProfile(c, c.req.valid('json')),
  );
  routes.patch(
    '/profile/password',
    operation({
      summary: "Change the customer's password",
      tags: 'Customer profile',
      auth: true,
      answers: { 200: successSchema(loginAnswerSchema) },
      fails: [429],
    }),
    customer,
    validateJson(changePasswordSchema),
    (c) => changeCustomerPassword(c, c.req.valid('json')),
  );
  routes.get(
    '/profile/deactivation',
    operation({
      summary: 'What deactivating the account would do',
      tags: 'Customer profile',
      auth: true,
      answers: { 200: successSchema(deactivationPreviewSchema) },
    }),
    customer,
    (c) => deactivationPreview(c),
  );
  routes.patch(
    '/profile/deactivate',
    operation({
      summary: 'Deactivate the account',
      tags: 'Customer profile',
      auth: true,
      answers: { 200: messageOnlySchema },
      fails: [409],
    }),
    customer,
    validateJson(deactivateSchema),
    (c) => deactivateCustomer(c, c.req.valid('json')),
  );
  return routes;
}
