import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AppActors } from './actors/app-actors';
import { bindRouter } from './actors/navigation';
import { DefaultPageError } from './components/ui/page-error';
import { PageSkeleton } from './components/ui/skeleton';
import { routeTree } from './routeTree.gen';

/** What the prerender (src/entry-prerender.tsx), which has no browser, gives instead of the browser's address and scrolling. */
interface WithoutBrowser {
  history: RouterHistory;
  origin: string;
  scrollRestoration: false;
}

export function createAppRouter(actors: AppActors, withoutBrowser?: WithoutBrowser) {
  // A prerendered page can be read and scrolled before the app starts. Its first render then leaves the
  // page where the visitor (or the browser, restoring a reload) put it, instead of jumping to the top.
  let firstRender = true;
  const router = createRouter({
    routeTree,
    context: { actors },
    // docs/product.md §2: scroll to the top on navigation, restore the saved position when going back.
    scrollRestoration: () => {
      const scrolledBeforeStart = firstRender && (window.scrollY !== 0 || window.scrollX !== 0);
      firstRender = false;
      return !scrolledBeforeStart;
    },
    defaultPreload: 'intent',
    // A page whose code, guard or loader failed: a message, Try again and a way home, in the layout.
    defaultErrorComponent: DefaultPageError,
    // A page whose code (or guard) takes a moment on a slow link: a skeleton in the layout after a
    // quarter of a second, kept at least half a second so it does not flash. (A first load keeps the
    // server's frame on screen until the page is ready: src/mount.tsx.)
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 250,
    defaultPendingMinMs: 500,
    ...withoutBrowser,
  });
  bindRouter(router);
  // A navigation in the app moves focus to the new page's h1, so screen readers announce the page; a
  // first load (no page before it) leaves focus at the document's start: Skip to content, then the
  // header. Its code loads with the first navigation, so a first visit downloads none of it.
  router.subscribe('onRendered', (e) => {
    if (e.fromLocation && e.pathChanged) void import('./lib/page-focus').then((m) => m.focusPageHeading());
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
