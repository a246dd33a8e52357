import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { PRODUCT_NAME } from '../../../contracts/constants';
import { specMessages } from '../../../contracts/messages';
import { useDialogs, useOrderSong, useSessionView } from '../../actors/hooks';
import { LogoMark } from '../ui/logo';

const heading = css({
  fontWeight: 'bold',
  fontSize: 'sm',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  color: 'gray.300',
  mb: '3',
});
const link = css({
  color: 'gray.100',
  textDecoration: 'none',
  cursor: 'pointer',
  textAlign: 'left',
  _hover: { color: 'brand.300', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.300' },
});

export function Footer() {
  const session = useSessionView();
  const dialogs = useDialogs();
  const orderSong = useOrderSong();
  const year = new Date().getFullYear();

  return (
    <footer className={css({ bg: 'gray.900', color: 'gray.100', mt: 'auto' })}>
      <div
        className={css({
          maxW: '7xl',
          mx: 'auto',
          px: '4',
          py: '12',
          display: 'grid',
          gap: '8',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1fr' },
        })}
      >
        <div>
          <p
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              fontWeight: 'extrabold',
              fontSize: 'xl',
              color: 'white',
            })}
          >
            <LogoMark />
            {PRODUCT_NAME}
          </p>
          <p className={css({ mt: '3', color: 'gray.300', maxW: '20rem' })} data-testid="footer-tagline">
            {specMessages.footerTagline}
          </p>
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className={heading}>
            Company
          </h2>
          <ul className={css({ display: 'grid', gap: '2' })}>
            <li>
              <Link to="/privacy-policy" className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={link}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/contact" className={link}>
                Contact us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-songs">
          <h2 id="footer-songs" className={heading}>
            Songs
          </h2>
          <ul className={css({ display: 'grid', gap: '2' })}>
            <li>
              <Link to="/artists" className={link}>
                Artist
              </Link>
            </li>
            <li>
              <button type="button" className={link} onClick={orderSong}>
                Order Song
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-artist">
          <h2 id="footer-artist" className={heading}>
            For Artist
          </h2>
          <ul className={css({ display: 'grid', gap: '2' })}>
            <li>
              {session.user ? (
                <button
                  type="button"
                  className={link}
                  onClick={() => dialogs.send({ type: 'dialog.openLogoutWarning', intent: 'application' })}
                >
                  Artist Application
                </button>
              ) : (
                <Link to="/artist/application" className={link}>
                  Artist Application
                </Link>
              )}
            </li>
            <li>
              {session.user ? (
                <button
                  type="button"
                  className={link}
                  onClick={() => dialogs.send({ type: 'dialog.openLogoutWarning', intent: 'artistLogin' })}
                >
                  Artist Login
                </button>
              ) : (
                <Link to="/artist/login" className={link}>
                  Artist Login
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
      <div className={css({ borderTopWidth: '1px', borderColor: 'gray.700' })}>
        <div
          className={css({
            maxW: '7xl',
            mx: 'auto',
            px: '4',
            py: '4',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '4',
          })}
        >
          <p className={css({ fontSize: 'sm', color: 'gray.400' })}>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <button
            type="button"
            aria-label="Scroll to top"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
            className={css({
              w: '10',
              h: '10',
              borderRadius: 'full',
              bg: 'brand.600',
              color: 'white',
              cursor: 'pointer',
              _hover: { bg: 'brand.700' },
              _focusVisible: { outline: '2px solid', outlineColor: 'brand.300' },
            })}
          >
            <span aria-hidden="true">↑</span>
          </button>
        </div>
      </div>
    </footer>
  );
}
