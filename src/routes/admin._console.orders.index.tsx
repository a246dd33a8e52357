import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { adminStages, orderReferencePattern } from '../../contracts/order-status';
import { OrdersPage } from '../admin/orders-page';

// ?stage= picks the overview's filter; ?q= searches references, customers and artists; ?transaction=OR… (from a notification) shows that one order.
// A value the server would refuse falls back to none, never an error page.
const searchSchema = v.object({
  stage: v.fallback(v.optional(v.picklist(adminStages)), undefined),
  transaction: v.fallback(v.optional(v.pipe(v.string(), v.regex(orderReferencePattern))), undefined),
  q: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(100))), undefined),
});

export const Route = createFileRoute('/admin/_console/orders/')({
  staticData: { pageTitle: 'Orders', name: 'admin.orders' },
  validateSearch: searchSchema,
  component: function Orders() {
    const { stage, transaction, q } = Route.useSearch();
    return <OrdersPage stage={stage ?? 'all'} transaction={transaction} q={q} />;
  },
});
