import { useSelector } from '@xstate/react';
import { lazy, Suspense, useRef } from 'react';
import { connectPlayer } from '../../machines/player.connect';
import { usePlayerActor } from './player-actor';

// The bar's controls (seek slider, speed select) load when something first plays or the player has a
// notice; a page that never plays a song never downloads them. This gate loads after hydration; the
// player actor is the app root's child (started with the first play), and the bar follows it.

const Bar = lazy(async () => ({ default: (await import('./player-bar')).PlayerBar }));

export function PlayerBarGate() {
  const actor = usePlayerActor();
  const wanted = useSelector(actor, (s) => {
    if (!s) return false;
    const view = connectPlayer(s);
    return view.visible || view.notice !== null;
  });
  // A latch, not flow state: once loaded, the bar stays mounted (its spacer and notice follow the actor).
  const needed = useRef(false);
  if (wanted) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <Bar />
    </Suspense>
  );
}
