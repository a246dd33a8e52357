import type { ApiSuccess } from '../../contracts/http';
import type { AdminRefund, Page, RevealedPayoutDestination } from '../../contracts/lifecycle';
import type { RefundActionValues, RefundMove } from '../../machines/admin-refund-action.machine';
import type { Http } from '../api/client';
import { createClient } from '../api/client';
import { toApiError } from '../api/errors';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';
import { ADMIN_PAGE_SIZE } from './orders.api';

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

import type { RefundStatus } from '../../contracts/refunds';

export type { RefundStatus };

const refundPaths: Record<RefundMove, string> = { sent: 'mark-sent', failed: 'mark-failed', retry: 'retry' };

/** The admin's money calls: the refunds queue and its moves, and revealing a payout destination. */
function adminMoneyApi(http: Http) {
  return {
    refunds: (query: { status: RefundStatus; cursor?: string | null }) =>
      call(
        async () =>
          (
            await http
              .get('refunds', {
                searchParams: {
                  status: query.status,
                  limit: ADMIN_PAGE_SIZE,
                  ...(query.cursor ? { cursor: query.cursor } : {}),
                },
              })
              .json<ApiSuccess<Page<AdminRefund>>>()
          ).data,
      ),
    /** One move of machines/refund.machine.ts: mark-sent {method, reference}, mark-failed {reason}, retry. */
    moveRefund: (id: number, move: RefundMove, body: Partial<RefundActionValues>) =>
      call(() => http.post(`refunds/${id}/${refundPaths[move]}`, { json: body }).json<ApiSuccess<AdminRefund>>()),
    revealPayout: (id: number) =>
      call(async () => (await http.post(`payouts/${id}/reveal`).json<ApiSuccess<RevealedPayoutDestination>>()).data),
  };
}
export type AdminMoneyApi = ReturnType<typeof adminMoneyApi>;

const bySession = new WeakMap<object, AdminMoneyApi>();

/** The calls with the admin session's token (a 401 ends the admin session). */
export function getAdminMoneyApi(): AdminMoneyApi {
  const { session } = getAdminActors();
  let api = bySession.get(session);
  if (!api) {
    api = adminMoneyApi(
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    );
    bySession.set(session, api);
  }
  return api;
}
