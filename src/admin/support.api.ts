import type { ApiSuccess } from '../../contracts/http';
import type { Page } from '../../contracts/lifecycle';
import type { SupportRequest } from '../../contracts/support';
import type { CloseSupportAnswer } from '../../machines/admin-support-request.machine';
import { call } from '../api/call';
import { createClient, type Http } from '../api/client';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';
import { ADMIN_PAGE_SIZE } from './orders.api';

// The calls of /admin/support: the open support requests, and closing one.

function supportRequestsApi(http: Http) {
  return {
    list: (cursor: string | null) =>
      call(
        async () =>
          (
            await http
              .get('support-requests', { searchParams: { limit: ADMIN_PAGE_SIZE, ...(cursor ? { cursor } : {}) } })
              .json<ApiSuccess<Page<SupportRequest>>>()
          ).data,
      ),
    close: (id: number): Promise<CloseSupportAnswer> =>
      call(() => http.post(`support-requests/${id}/close`).json<ApiSuccess<SupportRequest>>()),
  };
}
type SupportRequestsApi = ReturnType<typeof supportRequestsApi>;

const bySession = new WeakMap<object, SupportRequestsApi>();

/** The calls with the admin session's token (a 401 ends the admin session). */
export function getSupportRequestsApi(): SupportRequestsApi {
  const { session } = getAdminActors();
  let api = bySession.get(session);
  if (!api) {
    api = supportRequestsApi(
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    );
    bySession.set(session, api);
  }
  return api;
}
