import { lazy, Suspense } from 'react';
import { useHydrated } from '../lib/use-hydrated';

// The bar's code stays out of the first load: a page without a play button does not need it to paint
// or hydrate. Before hydration the bar is never shown (nothing has played yet), so rendering nothing
// until then matches the prerendered HTML. The player actor itself is the app root's child.

const Gate = lazy(async () => ({ default: (await import('./player-bar-gate')).PlayerBarGate }));

export function PlayerBar() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Gate />
    </Suspense>
  );
}
