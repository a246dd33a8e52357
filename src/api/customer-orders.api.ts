import type { ApiSuccess } from '../../contracts/http';
import type { Gift, GiftLink, Page } from '../../contracts/lifecycle';
import type { OrderDetail, OrderHistoryPage } from '../../contracts/order';
import type { CustomerAction } from '../../machines/customer-order.types';
import { call } from './call';
import type { Http } from './client';

/** The path of each customer action under /orders/{id}/. */
const actionPaths: Record<CustomerAction, string> = {
  accept: 'accept',
  reject: 'reject',
  rate: 'rate',
  cancel: 'cancel',
  rebook: 'rebook',
  gift: 'gift',
};

/** The customer's side of a placed order (user area, customer token; docs/api.md "Order lifecycle"). */
export function customerOrdersApi(http: Http) {
  return {
    /** GET /orders: one page of the order history, newest first (a null cursor: the first); `transaction` focuses one. */
    history: (transaction: string | undefined, cursor: string | null): Promise<Page<OrderDetail>> =>
      call(async () => {
        const searchParams: Record<string, string> = {};
        if (transaction) searchParams.transaction = transaction;
        if (cursor) searchParams.cursor = cursor;
        const { data } = await http.get('orders', { searchParams }).json<ApiSuccess<OrderHistoryPage>>();
        return { items: data.orders, next_cursor: data.next_cursor ?? null };
      }),
    order: (id: number) => call(async () => (await http.get(`orders/${id}`).json<ApiSuccess<OrderDetail>>()).data),
    /** POST /orders/{id}/{action}: answers the order (the gift link for `gift`) and a message. */
    act: (id: number, action: CustomerAction, body: Record<string, unknown> | null) =>
      call(async () => {
        // Accept has no fields: an empty JSON object keeps every request a JSON body.
        const answer = await http
          .post(`orders/${id}/${actionPaths[action]}`, { json: body ?? {} })
          .json<ApiSuccess<OrderDetail | GiftLink>>();
        return { message: answer.message };
      }),
  };
}

/** The public gift page's calls: no login, so they go without a token (user area). */
export function giftApi(http: Http) {
  const path = (token: string) => `gifts/${encodeURIComponent(token)}`;
  return {
    gift: (token: string) => call(async () => (await http.get(path(token)).json<ApiSuccess<Gift>>()).data),
    sendThanks: (token: string, body: { name: string; message: string }) =>
      call(async () => {
        await http.post(`${path(token)}/thanks`, { json: body });
      }),
  };
}
