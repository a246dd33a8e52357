import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import type { LiveScreen } from '../../machines/live-router.machine';

/** What an open screen tells the live routing: what it shows and what it wants to hear. */
export type LiveScreenSpec = Omit<LiveScreen, 'ref'>;

/**
 * Registers the screen actor `ref` with the live routing (`router`: the app's root, or the admin
 * console's router) while the screen is open, so changes to what it shows reach it (machines/live.ts).
 * A new spec (say the order's reference once loaded) replaces the old one.
 */
export function useLiveScreen(router: AnyActorRef | null, ref: AnyActorRef, spec: LiveScreenSpec | null): void {
  const specKey = spec ? JSON.stringify(spec) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `specKey` stands for `spec`'s content.
  useEffect(() => {
    if (!router || !spec) return;
    router.send({ type: 'screen.watch', ref, ...spec });
    return () => router.send({ type: 'screen.unwatch', ref });
  }, [router, ref, specKey]);
}
