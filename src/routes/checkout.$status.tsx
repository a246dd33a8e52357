import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { SimplePage } from '../components/layout/simple-page';
import { buttonRecipe } from '../components/ui/button';

const statuses = {
  success: {
    title: 'Thank you! Your payment went through',
    lead: 'We have offered your song to the artists you chose. The first to accept starts writing, and you will get a notification at each step.',
  },
  pending: {
    title: 'Your payment is being confirmed',
    lead: 'Some payment channels take a while to confirm. We offer your song to the artists as soon as the payment is confirmed; nothing else is needed from you.',
  },
  failed: {
    title: 'Your payment did not go through',
    lead: 'Nothing was charged. You can try again from your order, with the same or another payment method.',
  },
  cancelled: {
    title: 'You cancelled the payment',
    lead: 'Your order is saved and waits for payment. You can pay whenever you are ready.',
  },
} as const;
type Status = keyof typeof statuses;

export const Route = createFileRoute('/checkout/$status')({
  staticData: { pageTitle: 'Payment', name: 'checkout.result', authUser: 'user' },
  // The router parses ?order=12 as a number; a reference stays text.
  validateSearch: v.object({
    order: v.optional(v.union([v.string(), v.number()])),
    ref: v.optional(v.union([v.string(), v.number()])),
  }),
  beforeLoad: ({ params }) => {
    if (!(params.status in statuses)) throw redirect({ to: '/404', replace: true });
  },
  component: CheckoutResult,
});

function CheckoutResult() {
  const { status } = Route.useParams();
  const { ref } = Route.useSearch();
  const text = statuses[status as Status];
  return (
    <SimplePage title={text.title} lead={text.lead}>
      {ref ? (
        <p>
          Payment reference: <strong data-testid="payment-ref">{ref}</strong>
        </p>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Link to="/customer/account/order-history" className={buttonRecipe({ color: 'primary' })}>
          See my orders
        </Link>
        <Link to="/customer/account/payment-history" className={buttonRecipe({ color: 'secondary' })}>
          Payment history
        </Link>
      </div>
    </SimplePage>
  );
}
