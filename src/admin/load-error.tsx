import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { PageError } from '../components/ui/page-error';

/** What a console page shows when its data could not be loaded (the loader's message: admins read the server's). */
export function LoadError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
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
