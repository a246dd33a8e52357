import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { useAppActors, useArtistGate, useDialogs, useSessionView } from '../../actors/hooks';
import { NotificationBell } from '../notifications/notification-bell';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { menuFor, publicLinks } from './nav-links';

const navLink = css({
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontWeight: 'medium',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { color: 'brand.700' },
  '&[data-status=active]': { color: 'brand.700' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
});

// The mobile menu's buttons line up with its links.
const mobileButton = css({ display: 'block', w: 'full', textAlign: 'left', cursor: 'pointer' });

const menuContent = css({
  bg: 'white',
  borderRadius: 'lg',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  py: '1',
  minW: '14rem',
  zIndex: 'dropdown',
  outline: 'none',
});

const menuItem = css({
  display: 'block',
  px: '4',
  py: '2',
  cursor: 'pointer',
  textDecoration: 'none',
  color: 'fg.default',
  _highlighted: { bg: 'brand.50', color: 'brand.800' },
});

export function Header() {
  const session = useSessionView();
  const { menu: artistMenu } = useArtistGate();
  const dialogs = useDialogs();
  const { notifications } = useAppActors();
  const [mobileOpen, setMobileOpen] = useState(false);
  const user = session.user;

  return (
    <header
      className={css({
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        bg: 'white',
        position: 'sticky',
        top: 0,
        zIndex: 'sticky',
      })}
    >
      <div
        className={css({ maxW: '7xl', mx: 'auto', px: '4', h: '16', display: 'flex', alignItems: 'center', gap: '4' })}
      >
        <Logo />
        <nav aria-label="Main" className={css({ display: { base: 'none', md: 'flex' }, gap: '1', ml: '6' })}>
          {publicLinks.map((l) => (
            <Link key={l.to} to={l.to} className={navLink} activeOptions={{ exact: l.to === '/' }}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: '2' })}>
          {user ? (
            <>
              <NotificationBell notifications={notifications} />
              <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }}>
                <Menu.Trigger
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    px: '2',
                    py: '1',
                    borderRadius: 'full',
                    cursor: 'pointer',
                    _hover: { bg: 'gray.100' },
                    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
                  })}
                  aria-label={`Account menu for ${user.full_name}`}
                >
                  <Avatar src={user.avatar} name={user.full_name} />
                  <span
                    className={css({ fontWeight: 'medium', display: { base: 'none', sm: 'inline' } })}
                    data-testid="header-user-name"
                  >
                    {user.full_name}
                  </span>
                  <span aria-hidden="true">▾</span>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content className={menuContent}>
                      {menuFor(user, artistMenu).map((l) => (
                        <Menu.Item key={l.to} value={l.to} asChild className={menuItem}>
                          <Link to={l.to}>{l.label}</Link>
                        </Menu.Item>
                      ))}
                      <Menu.Separator className={css({ my: '1', borderColor: 'border.default' })} />
                      <Menu.Item
                        value="sign-out"
                        className={menuItem}
                        onSelect={() => dialogs.send({ type: 'dialog.openSignOutConfirm' })}
                      >
                        Sign out
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </>
          ) : session.isChecking ? null : (
            <div className={css({ display: { base: 'none', md: 'flex' }, gap: '2' })}>
              <Button color="secondary" onClick={() => dialogs.send({ type: 'dialog.openLogin' })}>
                Login
              </Button>
              <Button color="primary" onClick={() => dialogs.send({ type: 'dialog.openSignUp' })}>
                Sign Up
              </Button>
            </div>
          )}
          <button
            type="button"
            className={css({
              display: { base: 'inline-flex', md: 'none' },
              w: '10',
              h: '10',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: 'md',
              cursor: 'pointer',
              _hover: { bg: 'gray.100' },
            })}
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <span aria-hidden="true" className={css({ fontSize: 'xl' })}>
              ☰
            </span>
          </button>
        </div>
      </div>
      {mobileOpen ? (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={css({
            display: { base: 'block', md: 'none' },
            borderTopWidth: '1px',
            borderColor: 'border.default',
            px: '4',
            py: '2',
          })}
        >
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
            {publicLinks.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className={cx(navLink, mobileButton)}
                  onClick={() => setMobileOpen(false)}
                  activeOptions={{ exact: l.to === '/' }}
                >
                  {l.label}
                </Link>
              </li>
            ))}
            {user ? null : (
              <>
                <li>
                  <button
                    type="button"
                    className={cx(navLink, mobileButton)}
                    onClick={() => {
                      setMobileOpen(false);
                      dialogs.send({ type: 'dialog.openLogin' });
                    }}
                  >
                    Login
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className={cx(navLink, mobileButton)}
                    onClick={() => {
                      setMobileOpen(false);
                      dialogs.send({ type: 'dialog.openSignUp' });
                    }}
                  >
                    Sign Up
                  </button>
                </li>
              </>
            )}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
