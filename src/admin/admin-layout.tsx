import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { specMessages } from '../../contracts/messages';
import { isAdminSignedIn } from '../../machines/admin-session.connect';
import { SkipLink } from '../components/layout/main-layout';
import { NotificationBell } from '../components/notifications/notification-bell';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { LogoMark } from '../components/ui/logo';
import { getAdminActors } from './admin-actors';

const navLink = css({
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontWeight: 'medium',
  color: 'gray.200',
  textDecoration: 'none',
  _hover: { color: 'white', bg: 'gray.800' },
  '&[data-status=active]': { color: 'white', bg: 'gray.800' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.300' },
});

/**
 * The console's shell: its top bar (the logo, then `top`) and the page. The layout fills the bar when an
 * admin is signed in; the frame a slow link paints first (src/entry-prerender.tsx) leaves it empty.
 */
export function AdminShell({ top, children }: { top?: ReactNode; children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column', bg: 'bg.subtle' })}>
      <SkipLink />
      <header className={css({ bg: 'gray.900', color: 'white' })}>
        <div
          className={css({
            maxW: '7xl',
            mx: 'auto',
            px: '4',
            minH: '14',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '4',
          })}
        >
          <Link
            to="/admin"
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              fontWeight: 'extrabold',
              fontSize: 'lg',
              color: 'white',
              textDecoration: 'none',
            })}
          >
            <LogoMark size={24} />
            <span>Labsongs Admin</span>
          </Link>
          {top}
        </div>
      </header>
      <main id="main" tabIndex={-1} className={css({ flex: '1', outline: 'none' })}>
        {children}
      </main>
    </div>
  );
}

/** The admin console's layout: the shell with Operations … Support, the bell and Sign out for a signed-in admin. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { session, notifications } = getAdminActors();
  const signedIn = useSelector(session, isAdminSignedIn);
  const name = useSelector(session, (s) => s.context.user?.full_name ?? '');
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <AdminShell
        top={
          signedIn ? (
            <>
              <nav aria-label="Admin" className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
                <Link to="/admin" activeOptions={{ exact: true }} className={navLink}>
                  Operations
                </Link>
                <Link to="/admin/applications" className={navLink}>
                  Applications
                </Link>
                <Link to="/admin/validation" className={navLink}>
                  Validation
                </Link>
                <Link to="/admin/orders" className={navLink}>
                  Orders
                </Link>
                <Link to="/admin/payouts" className={navLink}>
                  Payouts
                </Link>
                <Link to="/admin/artists" className={navLink}>
                  Artists
                </Link>
                <Link to="/admin/refunds" className={navLink}>
                  Refunds
                </Link>
                <Link to="/admin/payments" className={navLink}>
                  Payments
                </Link>
                <Link to="/admin/support" className={navLink}>
                  Support
                </Link>
              </nav>
              <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '3' })}>
                <NotificationBell notifications={notifications} tone="dark" />
                <span className={css({ fontSize: 'sm', color: 'gray.300', display: { base: 'none', sm: 'inline' } })}>
                  {name}
                </span>
                <Button size="sm" color="secondary" onClick={() => setConfirming(true)} loading={signingOut}>
                  Sign out
                </Button>
              </div>
            </>
          ) : null
        }
      >
        {children}
      </AdminShell>
      <ConfirmDialog
        open={confirming}
        title="Sign out"
        message={specMessages.signOutConfirm}
        confirmLabel="Sign out"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          session.send({ type: 'user.signOut' });
        }}
      />
    </>
  );
}
