import { Dialog } from '@ark-ui/react/dialog';
import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { ArtistMenuEntry } from '../../../machines/artist-gate';
import { useAccountChild, useArtistGate, useDialogs, useSessionView } from '../../actors/hooks';
import { useMediaQuery } from '../../lib/use-media-query';
import { ArtistTour } from '../artist/artist-tour';
import { OnlineSwitch } from '../artist/online-switch';
import { NotificationBell } from '../notifications/notification-bell';
import { Avatar } from '../ui/avatar';
import { Logo } from '../ui/logo';
import { SkipLink } from './main-layout';

const sideLink = css({
  display: 'block',
  px: '4',
  py: '2.5',
  borderRadius: 'md',
  color: 'gray.200',
  textDecoration: 'none',
  fontWeight: 'medium',
  _hover: { bg: 'gray.800', color: 'white' },
  // accent.emphasized under white text: 5.2:1 (brand.600 was 3.6:1, under the 4.5:1 text needs).
  '&[data-status=active]': { bg: 'accent.emphasized', color: 'fg.onBrand' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.300' },
});

function SidebarNav({ menu, onNavigate }: { menu: readonly ArtistMenuEntry[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Artist" className={css({ display: 'flex', flexDir: 'column', gap: '1', px: '3' })}>
      {menu.map((l) => (
        <Link key={l.to} to={l.to} className={sideLink} onClick={onNavigate}>
          {l.label}
        </Link>
      ))}
    </nav>
  );
}

/** The page's one h1: in the top bar from 768 px (the "artist-page-title"), at the top of the page below. */
function PageTitle({ title, className, testId }: { title: string; className?: string; testId?: string }) {
  return (
    <h1 className={cx(css({ fontSize: 'xl', fontWeight: 'bold' }), className)} data-testid={testId}>
      {title}
    </h1>
  );
}

const sidebarShell = css({
  w: 'sidebar',
  bg: 'gray.900',
  color: 'white',
  h: 'full',
  py: '5',
  display: 'flex',
  flexDir: 'column',
  gap: '6',
});

/** The artist area: sidebar 64 units wide, a slide-in drawer below 768 px, the top bar with the page title. */
export function ArtistLayout({ pageTitle, children }: { pageTitle: string; children: ReactNode }) {
  const { user } = useSessionView();
  const dialogs = useDialogs();
  const notifications = useAccountChild('notifications');
  const [drawerOpen, setDrawerOpen] = useState(false);
  // One switch on the page (the tour points at it): in the top bar from 768 px, in the mobile bar below.
  const wide = useMediaQuery('(min-width: 768px)');
  // The gate actor follows the session: an approval reloads the user, and the menu and switch follow.
  const { menu, showOnlineSwitch: withSwitch } = useArtistGate();

  return (
    <div className={css({ minH: '100dvh', display: 'flex', bg: 'bg.subtle' })}>
      <SkipLink />
      <aside
        className={css({
          display: { base: 'none', md: 'block' },
          position: 'sticky',
          top: 0,
          h: '100dvh',
          flexShrink: 0,
        })}
        data-testid="artist-sidebar"
      >
        <div className={sidebarShell}>
          <div className={css({ px: '5', '& a': { color: 'white' } })}>
            <Logo to="/artist/dashboard" />
          </div>
          <SidebarNav menu={menu} />
        </div>
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={(d) => setDrawerOpen(d.open)}>
        <Portal>
          <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'black/50', zIndex: 'overlay' })} />
          <Dialog.Positioner className={css({ position: 'fixed', insetY: 0, left: 0, zIndex: 'modal' })}>
            <Dialog.Content
              className={css({
                h: 'full',
                maxW: '85vw',
                overflowY: 'auto',
                _open: { animation: 'slide-in-left 0.2s ease-out' },
                _closed: { animation: 'slide-out-left 0.15s ease-in' },
              })}
              data-testid="artist-drawer"
            >
              <div className={sidebarShell}>
                <div
                  className={css({
                    px: '5',
                    display: 'flex',
                    justifyContent: 'space-between',
                    alignItems: 'center',
                    '& a': { color: 'white' },
                  })}
                >
                  <Logo to="/artist/dashboard" />
                  <Dialog.CloseTrigger
                    aria-label="Close menu"
                    className={css({ w: '8', h: '8', cursor: 'pointer', color: 'white' })}
                  >
                    <span aria-hidden="true">✕</span>
                  </Dialog.CloseTrigger>
                </div>
                <Dialog.Title className={css({ srOnly: true })}>Artist menu</Dialog.Title>
                <SidebarNav menu={menu} onNavigate={() => setDrawerOpen(false)} />
                {/* The top bar's account menu is hidden below 768 px: the drawer carries who is signed in and Sign out (docs/product.md §2). */}
                {user ? (
                  <div
                    data-testid="artist-drawer-account"
                    className={css({
                      mt: 'auto',
                      mx: '3',
                      pt: '4',
                      borderTopWidth: '1px',
                      borderColor: 'gray.700',
                      display: 'grid',
                      gap: '3',
                    })}
                  >
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', px: '1', minW: 0 })}>
                      <Avatar src={user.avatar} name={user.full_name} />
                      <div className={css({ minW: 0 })}>
                        <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{user.full_name}</p>
                        <p className={css({ fontSize: 'sm', color: 'gray.400', overflowWrap: 'anywhere' })}>
                          {user.email}
                        </p>
                      </div>
                    </div>
                    <button
                      type="button"
                      className={cx(sideLink, css({ textAlign: 'left', cursor: 'pointer', w: 'full' }))}
                      onClick={() => {
                        setDrawerOpen(false);
                        dialogs.send({ type: 'dialog.openSignOutConfirm' });
                      }}
                    >
                      Sign out
                    </button>
                  </div>
                ) : null}
              </div>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <div className={css({ flex: '1', minW: 0, display: 'flex', flexDir: 'column' })}>
        <div
          className={css({
            display: { base: 'flex', md: 'none' },
            alignItems: 'center',
            gap: '3',
            px: '4',
            h: '14',
            bg: 'white',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <button
            type="button"
            aria-label="Open artist menu"
            onClick={() => setDrawerOpen(true)}
            className={css({ w: '10', h: '10', borderRadius: 'md', cursor: 'pointer', _hover: { bg: 'gray.100' } })}
          >
            <span aria-hidden="true">☰</span>
          </button>
          <Logo to="/artist/dashboard" />
          <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '2' })}>
            {withSwitch && !wide ? <OnlineSwitch /> : null}
            {/* One bell on the page, like the switch: here below 768 px, in the top bar above. */}
            {!wide && notifications ? <NotificationBell notifications={notifications} /> : null}
          </div>
        </div>
        <header
          className={css({
            display: { base: 'none', md: 'flex' },
            alignItems: 'center',
            justifyContent: 'space-between',
            px: '8',
            h: '16',
            bg: 'white',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          {wide ? <PageTitle title={pageTitle} testId="artist-page-title" /> : null}
          <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
            {withSwitch && wide ? <OnlineSwitch /> : null}
            {wide && notifications ? <NotificationBell notifications={notifications} /> : null}
            {user ? (
              <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }}>
                <Menu.Trigger
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    cursor: 'pointer',
                    px: '2',
                    py: '1',
                    borderRadius: 'full',
                    _hover: { bg: 'gray.100' },
                  })}
                  aria-label={`Account menu for ${user.full_name}`}
                >
                  <Avatar src={user.avatar} name={user.full_name} />
                  <span className={css({ fontWeight: 'medium' })}>{user.full_name}</span>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content
                      className={css({
                        bg: 'white',
                        borderRadius: 'lg',
                        boxShadow: 'lg',
                        py: '1',
                        minW: '14rem',
                        zIndex: 'dropdown',
                        outline: 'none',
                      })}
                    >
                      {menu.map((l) => (
                        <Menu.Item
                          key={l.to}
                          value={l.to}
                          asChild
                          className={css({
                            display: 'block',
                            px: '4',
                            py: '2',
                            textDecoration: 'none',
                            color: 'fg.default',
                            _highlighted: { bg: 'brand.50' },
                          })}
                        >
                          <Link to={l.to}>{l.label}</Link>
                        </Menu.Item>
                      ))}
                      <Menu.Separator className={css({ my: '1' })} />
                      <Menu.Item
                        value="sign-out"
                        className={css({ px: '4', py: '2', cursor: 'pointer', _highlighted: { bg: 'brand.50' } })}
                        onSelect={() => dialogs.send({ type: 'dialog.openSignOutConfirm' })}
                      >
                        Sign out
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            ) : null}
          </div>
        </header>
        {withSwitch ? <ArtistTour /> : null}
        <main
          id="main"
          tabIndex={-1}
          className={css({ flex: '1', p: { base: '4', md: '8' }, outline: 'none', animation: 'fade-in 0.3s ease-out' })}
        >
          {/* On a phone the top bar has no room for the title: it heads the page instead. */}
          {wide ? null : <PageTitle title={pageTitle} testId="artist-phone-title" className={css({ mb: '4' })} />}
          {children}
        </main>
      </div>
    </div>
  );
}
