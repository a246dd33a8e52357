import type { ApiSuccess } from '../../contracts/http';
import { call } from './call';
import type { Http } from './client';

/** Reporting an order's conversation (docs/api.md "Reporting a conversation"): `http` is the area's client. */
export function threadReportApi(http: Http) {
  return {
    report: ({ orderId, reason }: { orderId: number; reason: string }) =>
      call(
        async () =>
          (await http.post(`orders/${orderId}/messages/report`, { json: { reason } }).json<ApiSuccess<unknown>>()).data,
      ),
  };
}
