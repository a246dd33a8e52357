import type { AuthUser, LoginAnswer } from '../../contracts/account';
import type { ApiSuccess } from '../../contracts/http';
import type { OrderDetail, Payment } from '../../contracts/order';
import { call } from './call';
import type { Http } from './client';

/** The customer's own account, orders and payments (user area). */
export function customerApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    updateProfile: (body: Record<string, string>) =>
      call(() => data(http.patch('profile', { json: body }).json<ApiSuccess<AuthUser>>())),
    changePassword: (body: Record<string, string>) =>
      call(() => data(http.patch('profile/password', { json: body }).json<ApiSuccess<LoginAnswer>>())),
    deactivate: () => call(() => http.patch('profile/deactivate').json<{ message: string }>()),
    orders: (transaction?: string) =>
      call(() =>
        data(
          http
            .get('orders', { searchParams: transaction ? { transaction } : {} })
            .json<ApiSuccess<{ orders: OrderDetail[] } | OrderDetail[]>>(),
        ).then((d) => (Array.isArray(d) ? d : d.orders)),
      ),
    payments: () =>
      call(() => data(http.get('payments').json<ApiSuccess<{ payments: Payment[] }>>()).then((d) => d.payments)),
  };
}
