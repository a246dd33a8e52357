import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

// The toaster (Ark's toast with its zag machines and dismissable layer) is a fifth of what a first visit
// would otherwise download, and most first visits raise no toast. `notify` keeps its synchronous
// signature for the actors; the region's code loads on the first toast, or once the page is idle so a
// later toast shows at once.

type Kind = 'success' | 'error' | 'info';
type Region = typeof import('./toaster-region');

let region: Promise<Region> | null = null;
const loadRegion = () => {
  region ??= import('./toaster-region');
  return region;
};

let wanted = false;
const listeners = new Set<() => void>();
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function show(type: Kind, title: string, description: string): void {
  want();
  void loadRegion().then(({ toaster }) => toaster.create({ type, title, description }));
}

export const notify = {
  success: (description: string, title = 'Success') => show('success', title, description),
  error: (description: string, title = 'Error') => show('error', title, description),
  info: (description: string, title = 'Notice') => show('info', title, description),
  /** Closes every toast on screen (nothing to do before the region has loaded). */
  dismissAll: () => void region?.then(({ toaster }) => toaster.dismiss()),
};

const Toasts = lazy(async () => ({ default: (await loadRegion()).ToasterRegion }));

/** Mounted at the root: renders the toast region once a toast was raised or the page has gone idle. */
export function AppToaster() {
  const hydrated = useHydrated();
  const raised = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => whenIdle(want), []);
  // A latch, not flow state: once mounted the region stays, so its toasts are never cut short.
  const needed = useRef(false);
  if (hydrated && raised) needed.current = true;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** After the page has loaded and the main thread is free: fetch the region before anyone needs it. */
function whenIdle(run: () => void): () => void {
  // Safari has no requestIdleCallback: a timeout after the load event stands in for it.
  const idle = typeof window.requestIdleCallback === 'function';
  let handle: number | undefined;
  const later = () => {
    handle = idle ? window.requestIdleCallback(run, { timeout: 5000 }) : window.setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    if (handle === undefined) return;
    if (idle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
