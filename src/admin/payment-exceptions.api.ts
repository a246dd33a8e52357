import type { ApiSuccess } from '../../contracts/http';
import type { Page } from '../../contracts/lifecycle';
import type { AdminPaymentException } from '../../contracts/payment-exceptions';
import type { ResolveAnswer, ResolveInput } from '../../machines/payment-exception.machine';
import { createClient, type Http } from '../api/client';
import { toApiError } from '../api/errors';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';
import { ADMIN_PAGE_SIZE } from './orders.api';

// The calls of /admin/payments: payments that did not match their order, and the admin's decision.

import type { PaymentExceptionStatus } from '../../contracts/payment-exceptions';

export type { PaymentExceptionStatus };

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

function paymentExceptionsApi(http: Http) {
  return {
    list: (query: { status: PaymentExceptionStatus; cursor?: string | null }) =>
      call(
        async () =>
          (
            await http
              .get('payment-exceptions', {
                searchParams: {
                  status: query.status,
                  limit: ADMIN_PAGE_SIZE,
                  ...(query.cursor ? { cursor: query.cursor } : {}),
                },
              })
              .json<ApiSuccess<Page<AdminPaymentException>>>()
          ).data,
      ),
    resolve: (input: ResolveInput) =>
      call(
        () =>
          http
            .post(`payment-exceptions/${input.id}/resolve`, { json: { action: input.action, note: input.note } })
            .json<ApiSuccess<AdminPaymentException>>() as Promise<ResolveAnswer>,
      ),
  };
}
export type PaymentExceptionsApi = ReturnType<typeof paymentExceptionsApi>;

const bySession = new WeakMap<object, PaymentExceptionsApi>();

/** The calls with the admin session's token (a 401 ends the admin session). */
export function getPaymentExceptionsApi(): PaymentExceptionsApi {
  const { session } = getAdminActors();
  let api = bySession.get(session);
  if (!api) {
    api = paymentExceptionsApi(
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    );
    bySession.set(session, api);
  }
  return api;
}
