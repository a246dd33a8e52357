import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { frameAttribute } from '../contracts/page-frames';
import type { createAppRouter } from './router';

/** A page prerendered at build time holds its HTML in #root; the shell holds only the prerender's mark. */
const isPrerendered = (root: HTMLElement) => root.firstElementChild !== null;

/**
 * A frame (the area's layout and a skeleton, sent for a page that is not prerendered) is not the page:
 * the app renders over it once the router has loaded the page.
 */
const isFrame = (root: HTMLElement) => root.firstElementChild?.hasAttribute(frameAttribute) === true;

/** Calls `onCommit` once React has committed its first render (after hydration, handlers are live). */
function AfterFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Runs `start` once the browser has painted a prerendered page's HTML (at once for an empty #root).
 * On a fast link the scripts arrive before the first frame; starting the app in that same task would
 * hold the page's first paint until the actors, the router and hydration had run.
 */
export function afterFirstPaint(root: HTMLElement, start: () => void | Promise<void>): void {
  // Nothing to show first, or a tab opened in the background (it gets no frames until shown).
  if (!isPrerendered(root) || document.visibilityState === 'hidden') {
    void start();
    return;
  }
  // The task after the next frame: the frame paints the HTML, then the app starts.
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
}

/**
 * The router remembers a page's scroll position for Back only once it has seen the page scroll, and
 * it forgets what it saw when its first load and render run. A visitor who scrolled a prerendered
 * page before the app started would come back to the top: after the router's first render, a scroll
 * event tells it the page is scrolled.
 */
function rememberEarlyScroll(router: ReturnType<typeof createAppRouter>): void {
  const stop = router.subscribe('onRendered', () => {
    stop();
    // After the router's own handling of this render (it restores, then clears what it saw).
    setTimeout(() => {
      if (window.scrollX !== 0 || window.scrollY !== 0) document.dispatchEvent(new Event('scroll'));
    }, 0);
  });
}

/** Resolves in a later task: the browser may paint and handle input in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Renders the app into #root. A public page prerendered at build time (scripts/prerender.ts) already
 * holds its HTML there: the router first loads the page's code, then React hydrates that HTML in place
 * instead of painting it again, so the page shows before the bundle has run and does not flash.
 *
 * Links work before hydration (they are plain links); a button tapped in the moment between this
 * script running and hydration would do nothing, so such taps are held and replayed, in order, once the
 * page is live.
 */
export function mount(root: HTMLElement, app: ReactNode, router: ReturnType<typeof createAppRouter>): void {
  // `data-hydrated` on <html> says the page is live (its handlers attached): tests wait for it.
  const live = () => {
    document.documentElement.dataset.hydrated = 'true';
  };
  rememberEarlyScroll(router);
  if (isFrame(root)) {
    // The frame stays on screen while the session is checked and the page's code loads; the app then
    // replaces it with the page, never with a blank moment.
    void router.load().then(() => createRoot(root).render(<AfterFirstCommit onCommit={live}>{app}</AfterFirstCommit>));
    return;
  }
  if (!isPrerendered(root)) {
    createRoot(root).render(<AfterFirstCommit onCommit={live}>{app}</AfterFirstCommit>);
    return;
  }
  const held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  root.addEventListener('click', hold, true);
  const replay = () => {
    root.removeEventListener('click', hold, true);
    live();
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
  // As a transition, React hydrates in slices and yields to the browser between them, instead of one
  // long task that holds a tap (and a phone's main thread) for the whole page.
  void router.load().then(() =>
    startTransition(() => {
      hydrateRoot(root, <AfterFirstCommit onCommit={replay}>{app}</AfterFirstCommit>);
    }),
  );
}
