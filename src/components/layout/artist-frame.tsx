import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Logo } from '../ui/logo';
import { SkipLink } from './main-layout';

/**
 * The artist area's frame while its layout's code is on the way (it loads with the first /artist page):
 * the sidebar's place, a top bar with the page's title (its one h1) and the page below. The menu, the
 * switch and the bell come with the real layout.
 */
export function ArtistFrame({ pageTitle, children }: { pageTitle: string; children: ReactNode }) {
  return (
    <div data-testid="artist-frame" className={css({ minH: '100dvh', display: 'flex', bg: 'bg.subtle' })}>
      <SkipLink />
      <div
        aria-hidden="true"
        className={css({ display: { base: 'none', md: 'block' }, w: 'sidebar', flexShrink: 0, bg: 'gray.900' })}
      />
      <div className={css({ flex: '1', minW: 0, display: 'flex', flexDir: 'column' })}>
        <header
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '4',
            px: { base: '4', md: '8' },
            h: { base: '14', md: '16' },
            bg: 'white',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <Logo to="/artist/dashboard" />
          <h1 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{pageTitle}</h1>
        </header>
        <main id="main" tabIndex={-1} className={css({ flex: '1', p: { base: '4', md: '8' }, outline: 'none' })}>
          {children}
        </main>
      </div>
    </div>
  );
}
