import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { buttonRecipe } from '../components/ui/button';
import { pageTitle } from './page-parts';

export function NotFoundPage() {
  return (
    <section
      aria-labelledby="not-found-title"
      className={css({
        maxW: '2xl',
        mx: 'auto',
        px: { base: '4', md: '6' },
        py: { base: '16', md: '24' },
        textAlign: 'center',
      })}
    >
      {/* Decorative: a broken-off music note. */}
      <svg aria-hidden="true" focusable="false" viewBox="0 0 96 96" className={css({ w: '24', h: '24', mx: 'auto' })}>
        <circle cx="48" cy="48" r="46" fill="#fff7ed" stroke="#fed7aa" strokeWidth="2" />
        <path
          d="M58 24v32a10 10 0 1 1-5-8.66V34l-14 3.5"
          fill="none"
          stroke="#c2410c"
          strokeWidth="5"
          strokeLinecap="round"
        />
        <path d="M32 40l-4 2M30 46l-5 0M32 52l-4-2" stroke="#fb923c" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={css({ mt: '6', fontSize: 'sm', fontWeight: 'semibold', color: 'accent.emphasized' })}>Error 404</p>
      <h1 id="not-found-title" className={cx(css({ mt: '2' }), pageTitle)}>
        Page not found
      </h1>
      <p className={css({ mt: '4', fontSize: 'lg', color: 'fg.muted' })}>
        Looks like this page missed its cue. It may have moved, or the link may be mistyped — but there are plenty of
        songs waiting elsewhere.
      </p>
      <div className={css({ mt: '8', display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
        <Link to="/" className={buttonRecipe({ size: 'lg', color: 'primary' })}>
          Back to home
        </Link>
        <Link to="/artists" className={buttonRecipe({ size: 'lg', color: 'secondary' })}>
          Browse artists
        </Link>
      </div>
    </section>
  );
}
