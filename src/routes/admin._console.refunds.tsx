import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { type RefundStatus, RefundsPage } from '../admin/refunds-page';

export const Route = createFileRoute('/admin/_console/refunds')({
  staticData: { pageTitle: 'Refunds', name: 'admin.refunds' },
  // ?status=owed|failed|sent; anything else shows the owed ones.
  validateSearch: v.object({ status: v.fallback(v.optional(v.picklist(['owed', 'failed', 'sent'])), undefined) }),
  component: function Refunds() {
    const { status } = Route.useSearch();
    return <RefundsPage status={(status ?? 'owed') as RefundStatus} />;
  },
});
