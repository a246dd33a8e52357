// The SPA's pages, so that a path none of them matches is answered 404 (the SPA still shows its
// not-found page). The same list as the route tree's full paths (src/routeTree.gen.ts), minus the
// catch-all `/$` that sends unknown paths to /404: tests/server/spa-routes.test.ts fails to type-check
// when the two differ. A list here, not the route tree itself: importing it would load every page.

export const spaRoutes = [
  '/',
  '/404',
  '/about',
  '/admin',
  '/contact',
  '/confirm-email',
  '/artists',
  '/privacy-policy',
  '/reset-password',
  '/terms',
  '/admin/login',
  '/artist/$id',
  '/artist/account-settings',
  '/artist/application',
  '/artist/application-form',
  '/artist/completed',
  '/artist/dashboard',
  '/artist/earnings',
  '/artist/forgot-password',
  '/artist/login',
  '/artist/ongoing',
  '/artist/profile',
  '/artist/reset-password',
  '/artist/revision',
  '/artist/song-orders',
  '/artist/validation',
  '/checkout/$status',
  '/customer/account',
  '/gift/$token',
  '/order/checkout',
  '/order/occasion',
  '/order/review',
  '/order/song',
  '/order/story',
  '/pay/$orderId',
  '/artist/',
  '/customer/',
  '/order/',
  '/admin/artists',
  '/admin/payments',
  '/admin/payouts',
  '/admin/refunds',
  '/admin/support',
  '/admin/validation',
  '/customer/account/order-history',
  '/customer/account/payment-history',
  '/customer/account/settings',
  '/admin/',
  '/customer/account/',
  '/admin/applications/$id',
  '/admin/orders/$id',
  '/customer/account/orders/$id',
  '/admin/applications/',
  '/admin/orders/',
] as const;

/** A route's full path as a pattern: `$name` is one path segment, a trailing slash is optional. */
const patternOf = (route: string) =>
  route
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');

const anyRoute = new RegExp(`^(?:${spaRoutes.map(patternOf).join('|')})/?$`);

/** Whether a request path (without its query) is one of the SPA's pages. */
export const isSpaRoute = (pathname: string): boolean => anyRoute.test(pathname);
