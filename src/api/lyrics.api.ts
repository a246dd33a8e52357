import type { ApiSuccess } from '../../contracts/http';
import type { OrderDetail } from '../../contracts/order';
import type { OrderMessage } from '../../contracts/order-messages';
import { call } from './call';
import type { Http } from './client';

/** Lyrics for approval (docs/api.md "Lyrics for approval"): `http` is the area's client (artist or customer). */
export function lyricsApi(http: Http) {
  const order = (orderId: number) => `orders/${orderId}`;
  return {
    post: ({ orderId, client_id, lyrics }: { orderId: number; client_id: string; lyrics: string }) =>
      call(
        async () =>
          (
            await http
              .post(`${order(orderId)}/lyrics`, { json: { client_id, lyrics } })
              .json<ApiSuccess<OrderMessage>>()
          ).data,
      ),
    approve: ({ orderId }: { orderId: number }) =>
      call(async () => (await http.post(`${order(orderId)}/lyrics/approve`).json<ApiSuccess<OrderMessage>>()).data),
    askChanges: ({ orderId, note }: { orderId: number; note: string }) =>
      call(
        async () =>
          (await http.post(`${order(orderId)}/lyrics/changes`, { json: { note } }).json<ApiSuccess<OrderMessage>>())
            .data,
      ),
    setApproval: ({ orderId, on }: { orderId: number; on: boolean }) =>
      call(
        async () =>
          (await http.put(`${order(orderId)}/lyrics-approval`, { json: { on } }).json<ApiSuccess<OrderDetail>>()).data,
      ),
  };
}
