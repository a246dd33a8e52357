import type { OrderDetail, Payment } from '../../contracts/order';
import { customerOrdersApi } from '../api/customer-orders.api';
import { paymentsApi } from '../api/payments.api';
import { useAppActors } from './hooks';
import { usePagedList } from './paged-list';

/** /customer/account/order-history: the orders a page at a time, or the one `transaction` names, followed live. */
export function useCustomerOrderHistory(transaction: string | undefined) {
  const { api, root } = useAppActors();
  return usePagedList<OrderDetail>(
    (query, cursor) => customerOrdersApi(api.for('user')).history(query.transaction, cursor),
    {
      query: transaction ? { transaction } : {},
      live: {
        router: root,
        spec: { watch: { kinds: ['order', 'offer', 'refund'] }, onChange: { type: 'user.refresh' } },
      },
    },
  );
}

/** /customer/account/payment-history: the payments a page at a time. */
export function useCustomerPayments() {
  const { api } = useAppActors();
  return usePagedList<Payment>((_, cursor) => paymentsApi(api.for('user')).history(cursor));
}
