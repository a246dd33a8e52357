import { createFileRoute } from '@tanstack/react-router';
import { orderLandingGuard } from './-order-guard';

// docs/product.md §2: /order redirects to /order/occasion (or review, when a draft has reached it).
export const Route = createFileRoute('/order/')({
  staticData: { guestWelcome: true },
  beforeLoad: ({ context }) => orderLandingGuard(context),
});
