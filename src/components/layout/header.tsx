import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { useDialogs, useSessionView } from '../../actors/hooks';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { HeaderAccount } from './lazy-header-account';
import { publicLinks } from './nav-links';

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

export function Header() {
  const session = useSessionView();
  const dialogs = useDialogs();
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
            <HeaderAccount user={user} />
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
