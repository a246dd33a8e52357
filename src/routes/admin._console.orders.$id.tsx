import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderDetailPage } from '../admin/order-detail-page';

export const Route = createFileRoute('/admin/_console/orders/$id')({
  staticData: { pageTitle: 'Order', name: 'admin.order' },
  params: {
    parse: ({ id }) => ({ id: /^\d{1,12}$/.test(id) ? Number(id) : 0 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  // ?from=validation: opened from the validation queue, so the way back leads there.
  validateSearch: v.object({ from: v.fallback(v.optional(v.picklist(['validation'])), undefined) }),
  component: function Order() {
    const { id } = Route.useParams();
    const { from } = Route.useSearch();
    return <OrderDetailPage key={id} id={id} fromQueue={from === 'validation'} />;
  },
});
