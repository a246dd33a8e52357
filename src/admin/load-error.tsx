import { Link, useRouter } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { isApiError } from '../api/errors';
import { Button } from '../components/ui/button';

/** What a console page shows when its data could not be loaded. */
export function LoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const status = isApiError(error) ? error.status : undefined;
  const message =
    status === 404
      ? 'This application does not exist.'
      : isApiError(error) || error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className={css({ maxW: '3xl', mx: 'auto', px: '4', py: '12', textAlign: 'center' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>We could not load this page</h1>
      <p role="alert" className={css({ color: 'fg.muted', mb: '6' })}>
        {message}
      </p>
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'center' })}>
        <Button color="secondary" onClick={() => void router.invalidate()}>
          Try again
        </Button>
        <Link
          to="/admin/applications"
          className={css({ alignSelf: 'center', color: 'brand.700', fontWeight: 'semibold' })}
        >
          Back to applications
        </Link>
      </div>
    </div>
  );
}
