import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { PaymentExceptionStatus } from '../../contracts/payment-exceptions';
import { PaymentExceptionsPage } from '../admin/payment-exceptions-page';

export const Route = createFileRoute('/admin/_console/payments')({
  staticData: { pageTitle: 'Payments', name: 'admin.payments' },
  // ?status=open|resolved; anything else shows the open ones.
  validateSearch: v.object({ status: v.fallback(v.optional(v.picklist(['open', 'resolved'])), undefined) }),
  component: function Payments() {
    const { status } = Route.useSearch();
    return <PaymentExceptionsPage status={(status ?? 'open') as PaymentExceptionStatus} />;
  },
});
