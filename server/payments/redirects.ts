import type { PaymentStatus } from '../../contracts/order';

/** The only places a payment ever sends the browser: the SPA's /checkout/{page} on PUBLIC_URL. */
const checkoutPages = ['success', 'pending', 'failed', 'cancelled'] as const;
export type CheckoutPage = (typeof checkoutPages)[number];

const pageOfStatus: Record<PaymentStatus, CheckoutPage> = {
  succeeded: 'success',
  pending: 'pending',
  failed: 'failed',
  cancelled: 'cancelled',
  // A refunded payment is not a paid order: the page that says so and offers to try again.
  refunded: 'failed',
  charged_back: 'failed',
  expired: 'failed',
  // A closed checkout (the order was paid another way or cancelled): the page reads the order's state.
  voided: 'cancelled',
  // Money for another amount or currency: not a paid order yet; the page says it is being checked.
  held: 'pending',
};

export const checkoutPageFor = (status: PaymentStatus | null): CheckoutPage =>
  status === null ? 'pending' : pageOfStatus[status];

/**
 * `${PUBLIC_URL}/checkout/{page}?order={orderId}&ref={RefNo}`. The target is built here from the
 * allow-list, never taken from a request, and checked once more before it leaves: same origin as
 * PUBLIC_URL, one of the four paths.
 */
export function checkoutRedirect(
  publicUrl: string,
  page: CheckoutPage,
  params: { orderId?: number; refno?: string | null } = {},
): string {
  if (!checkoutPages.includes(page)) throw new Error(`Not a checkout page: ${page}`);
  const base = new URL(publicUrl);
  const url = new URL(`${publicUrl}/checkout/${page}`);
  if (params.orderId !== undefined) url.searchParams.set('order', String(params.orderId));
  if (params.refno) url.searchParams.set('ref', params.refno);
  const allowedPath = `${base.pathname.replace(/\/$/, '')}/checkout/${page}`;
  if (url.origin !== base.origin || url.pathname !== allowedPath)
    throw new Error('Redirect target outside the allow-list');
  return url.toString();
}
