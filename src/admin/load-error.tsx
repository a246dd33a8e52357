import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { isApiError } from '../api/errors';
import { PageError } from '../components/ui/page-error';

/** What a console page shows when its data could not be loaded (an admin reads the server's message). */
export function LoadError({ error }: { error: unknown }) {
  const status = isApiError(error) ? error.status : undefined;
  const message =
    status === 404
      ? 'This application does not exist.'
      : isApiError(error) || error instanceof Error
        ? error.message
        : String(error);
  return (
    <PageError
      message={message}
      back={
        <Link
          to="/admin/applications"
          className={css({ alignSelf: 'center', color: 'brand.700', fontWeight: 'semibold' })}
        >
          Back to applications
        </Link>
      }
    />
  );
}
