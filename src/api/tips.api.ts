import type { ApiSuccess } from '../../contracts/http';
import type { OrderTips, TipCheckout } from '../../contracts/tips';
import { call } from './call';
import type { Http } from './client';

/** An order's tips and tipping its artist (user area). */
export function tipsApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    list: (orderId: number) => call(() => data(http.get(`orders/${orderId}/tips`).json<ApiSuccess<OrderTips>>())),
    start: (orderId: number, amount: number, paymentMethod: string) =>
      call(() =>
        data(http.post(`orders/${orderId}/tips`, { json: { amount, paymentMethod } }).json<ApiSuccess<TipCheckout>>()),
      ),
  };
}
