import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { ScrollStrip } from '../ui/scroll-strip';

const tabs = [
  { to: '/customer/account', label: 'Profile', exact: true },
  { to: '/customer/account/order-history', label: 'Order History', exact: false },
  { to: '/customer/account/payment-history', label: 'Payment History', exact: false },
  { to: '/customer/account/settings', label: 'Settings', exact: false },
] as const;

export function CustomerAccountLayout() {
  const pathname = useLocation({ select: (l) => l.pathname });
  // One order's page belongs to the order history.
  const onOrderPage = pathname.startsWith('/customer/account/orders/');
  return (
    <div className={css({ maxW: '5xl', mx: 'auto', px: '4', py: '10' })}>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'extrabold', mb: '6' })}>My Account</h1>
      {/* On a phone the tabs scroll sideways; the strip shows a fade and an arrow where more tabs are. */}
      <ScrollStrip
        label="account pages"
        className={css({ borderBottomWidth: '1px', borderColor: 'border.default', mb: '8' })}
      >
        <nav aria-label="Account" className={css({ display: 'flex', gap: '1', w: 'max-content', minW: 'full' })}>
          {tabs.map((t) => {
            const parentOfPage = onOrderPage && t.to === '/customer/account/order-history';
            return (
              <Link
                key={t.to}
                to={t.to}
                activeOptions={{ exact: t.exact }}
                aria-current={parentOfPage ? 'true' : undefined}
                className={cx(
                  css({
                    px: '4',
                    py: '3',
                    fontWeight: 'medium',
                    textDecoration: 'none',
                    color: 'fg.muted',
                    borderBottomWidth: '3px',
                    borderColor: 'transparent',
                    whiteSpace: 'nowrap',
                    '&[data-status=active]': { color: 'brand.700', borderColor: 'brand.600' },
                  }),
                  parentOfPage && css({ color: 'brand.700', borderColor: 'brand.600' }),
                )}
              >
                {t.label}
              </Link>
            );
          })}
        </nav>
      </ScrollStrip>
      <Outlet />
    </div>
  );
}
