import type { ApiSuccess } from '../../contracts/http';
import type { CheckoutAnswer, OrderPaymentState, UserOptions } from '../../contracts/order';
import { call } from './call';
import type { Http } from './client';

/** Paying an order again and reading where its payment stands (user area). */
export function paymentsApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    paymentState: (orderId: number) =>
      call(() => data(http.get(`orders/${orderId}/payment-state`).json<ApiSuccess<OrderPaymentState>>())),
    options: () => call(() => data(http.get('options').json<ApiSuccess<UserOptions>>())),
    checkout: (orderId: number, paymentMethod: string) =>
      call(() =>
        data(http.post(`order/${orderId}/checkout`, { json: { paymentMethod } }).json<ApiSuccess<CheckoutAnswer>>()),
      ),
  };
}
