import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { type PayoutStatus, PayoutsPage } from '../admin/payouts-page';

export const Route = createFileRoute('/admin/_console/payouts')({
  staticData: { pageTitle: 'Payouts', name: 'admin.payouts' },
  // ?status=pending|paid; anything else shows the pending ones.
  validateSearch: v.object({ status: v.fallback(v.optional(v.picklist(['pending', 'paid'])), undefined) }),
  component: function Payouts() {
    const { status } = Route.useSearch();
    return <PayoutsPage status={(status ?? 'pending') as PayoutStatus} />;
  },
});
