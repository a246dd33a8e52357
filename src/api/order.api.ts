import type { ApiSuccess } from '../../contracts/http';
import type { CheckoutAnswer, Order, TempOrder } from '../../contracts/order';
import { call } from './call';
import type { Http } from './client';

/** The temp-order and checkout calls of docs/product.md §7 (user area). */
export function orderApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    create: (occasion: unknown) =>
      call(() => data(http.post('temp-order', { json: occasion }).json<ApiSuccess<{ order_id: number }>>())),
    get: (id: number) => call(() => data(http.get(`temp-order/${id}`).json<ApiSuccess<TempOrder>>())),
    /** The account's newest open draft, or null when it has none (404). */
    current: () =>
      call(() => data(http.get('temp-order/current').json<ApiSuccess<TempOrder>>())).catch((error: unknown) => {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }),
    discard: (id: number) => call(() => http.delete(`temp-order/${id}`).json<ApiSuccess<null>>()),
    saveStep: (id: number, step: 'occasion' | 'song' | 'story', values: unknown) =>
      call(() => data(http.patch(`temp-order/${id}/${step}`, { json: values }).json<ApiSuccess<TempOrder>>())),
    commit: (id: number) => call(() => data(http.post(`temp-order/${id}/commit`).json<ApiSuccess<Order>>())),
    checkout: (orderId: number, paymentMethod: string) =>
      call(() =>
        data(http.post(`order/${orderId}/checkout`, { json: { paymentMethod } }).json<ApiSuccess<CheckoutAnswer>>()),
      ),
  };
}
