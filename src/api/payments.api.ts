import type { ApiSuccess } from '../../contracts/http';
import type { Page } from '../../contracts/lifecycle';
import type {
  CheckoutAnswer,
  OrderPaymentState,
  Payment,
  PaymentHistoryPage,
  UserOptions,
} from '../../contracts/order';
import { call } from './call';
import type { Http } from './client';

/** The payment history, paying an order again and reading where its payment stands (user area). */
export function paymentsApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    /** GET /payments: one page of the payment history, newest first (a null cursor: the first). */
    history: (cursor: string | null): Promise<Page<Payment>> =>
      call(async () => {
        const { data } = await http
          .get('payments', { searchParams: cursor ? { cursor } : {} })
          .json<ApiSuccess<PaymentHistoryPage>>();
        return { items: data.payments, next_cursor: data.next_cursor ?? null };
      }),
    paymentState: (orderId: number) =>
      call(() => data(http.get(`orders/${orderId}/payment-state`).json<ApiSuccess<OrderPaymentState>>())),
    options: () => call(() => data(http.get('options').json<ApiSuccess<UserOptions>>())),
    checkout: (orderId: number, paymentMethod: string) =>
      call(() =>
        data(http.post(`order/${orderId}/checkout`, { json: { paymentMethod } }).json<ApiSuccess<CheckoutAnswer>>()),
      ),
  };
}
