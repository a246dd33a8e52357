import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Footer } from './footer';
import { Header } from './header';

export function SkipLink() {
  return (
    <a
      href="#main"
      className={css({
        position: 'absolute',
        left: '-9999px',
        top: '2',
        zIndex: 'skipLink',
        bg: 'white',
        px: '4',
        py: '2',
        borderRadius: 'md',
        _focus: { left: '2' },
      })}
    >
      Skip to content
    </a>
  );
}

/** Header, page, footer; the player bar sits below everything (rendered by the root). */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className={css({ flex: '1', outline: 'none' })}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** No header or footer: the artist login page (docs/product.md §2). */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={css({
        minH: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bg: 'bg.subtle',
        px: '4',
        py: '10',
        outline: 'none',
      })}
    >
      {children}
    </main>
  );
}
