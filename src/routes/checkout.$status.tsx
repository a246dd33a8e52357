import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import type { CheckoutPage } from '../../machines/payment-result.machine';
import { CheckoutResult } from '../components/checkout/checkout-result';

const pages: readonly CheckoutPage[] = ['success', 'pending', 'failed', 'cancelled'];

export const Route = createFileRoute('/checkout/$status')({
  staticData: { pageTitle: 'Payment', name: 'checkout.result', authUser: 'user' },
  // The router parses ?order=12 as a number; a reference stays text.
  validateSearch: v.object({
    order: v.optional(v.union([v.string(), v.number()])),
    ref: v.optional(v.union([v.string(), v.number()])),
  }),
  beforeLoad: ({ params }) => {
    if (!pages.includes(params.status as CheckoutPage)) throw redirect({ to: '/404', replace: true });
  },
  component: CheckoutResultRoute,
});

function CheckoutResultRoute() {
  const { status } = Route.useParams();
  const { order } = Route.useSearch();
  // The page reads the server for this order; the address's status and reference are not believed.
  const orderId = order !== undefined && /^\d{1,9}$/.test(String(order)) ? Number(order) : null;
  // Keyed: another order (or page) is a fresh check, not this one's state.
  return <CheckoutResult key={`${status}:${orderId}`} page={status as CheckoutPage} orderId={orderId} />;
}
