import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { clientMessages } from '../../../contracts/messages';
import { Button } from '../ui/button';

/**
 * Where a modal or page shows its form: the form once its code has loaded (it loads with the first
 * modal or page that shows one), a busy frame of about the form's height meanwhile, or what went
 * wrong with Try again when that code did not load.
 */
export function FormSlot<A>({
  actor,
  failed,
  retry,
  children,
}: {
  actor: A | null;
  failed: boolean;
  retry: () => void;
  children: (actor: A) => ReactNode;
}) {
  if (actor) return children(actor);
  if (failed)
    return (
      <div className={css({ minH: '12rem', display: 'grid', placeContent: 'center', gap: '4', textAlign: 'center' })}>
        <p role="alert" className={css({ color: 'fg.muted' })}>
          {clientMessages.partNotLoaded}
        </p>
        <Button color="secondary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  return (
    <div
      aria-busy="true"
      className={css({ minH: '12rem', display: 'grid', placeContent: 'center', color: 'fg.muted' })}
    >
      Loading…
    </div>
  );
}
