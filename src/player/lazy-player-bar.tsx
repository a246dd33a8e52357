import { lazy, Suspense } from 'react';
import { useHydrated } from '../lib/use-hydrated';

// The player actor and its audio wiring stay out of the first load: a page without a play button does
// not need them to paint or hydrate. Before hydration the bar is never shown (nothing has played yet),
// so rendering nothing until then matches the prerendered HTML.

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
