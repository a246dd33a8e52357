import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { clientMessages } from '../../../contracts/messages';
import { Button } from './button';

const known = new Set<string>(Object.values(clientMessages));

/** What a visitor is told of a page that failed: the app's own words, never a stack's. */
function pageErrorMessage(error: unknown): string {
  return error instanceof Error && known.has(error.message) ? error.message : clientMessages.pageFailed;
}

/**
 * A page that could not be shown (its code did not load, its guard or loader failed): what happened,
 * Try again (the router loads the page again) and a way out.
 */
export function PageError({ message, back }: { message: string; back: ReactNode }) {
  const router = useRouter();
  return (
    <div className={css({ maxW: '3xl', mx: 'auto', px: '4', py: '12', textAlign: 'center' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>We could not load this page</h1>
      <p role="alert" className={css({ color: 'fg.muted', mb: '6' })}>
        {message}
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
        <Button color="secondary" onClick={() => void router.invalidate()}>
          Try again
        </Button>
        {back}
      </div>
    </div>
  );
}

const backLink = css({ alignSelf: 'center', color: 'brand.700', fontWeight: 'semibold' });

/** The router's error page for every route without one of its own. */
export function DefaultPageError({ error }: { error: unknown }) {
  return (
    <PageError
      message={pageErrorMessage(error)}
      back={
        <Link to="/" className={backLink}>
          Go to the home page
        </Link>
      }
    />
  );
}
