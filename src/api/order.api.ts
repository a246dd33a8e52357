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
    saveStep: (id: number, step: 'occasion' | 'song' | 'story', values: unknown) =>
      call(() => data(http.patch(`temp-order/${id}/${step}`, { json: values }).json<ApiSuccess<TempOrder>>())),
    commit: (id: number) => call(() => data(http.post(`temp-order/${id}/commit`).json<ApiSuccess<Order>>())),
    checkout: (orderId: number, paymentMethod: string) =>
      call(() =>
        data(http.post(`order/${orderId}/checkout`, { json: { paymentMethod } }).json<ApiSuccess<CheckoutAnswer>>()),
      ),
  };
}
