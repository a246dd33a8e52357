import { lazy, Suspense } from 'react';
import { css } from 'styled-system/css';
import type { AuthUser } from '../../../contracts/account';

const Account = lazy(async () => ({ default: (await import('./header-account')).HeaderAccount }));

/** The bell and account menu, loaded for a signed-in visitor only; an avatar-sized space holds their place. */
export function HeaderAccount({ user }: { user: AuthUser }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className={css({ display: 'inline-block', w: '10', h: '10' })} />}>
      <Account user={user} />
    </Suspense>
  );
}
