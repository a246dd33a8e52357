import { createRouter } from '@tanstack/react-router';
import type { AppActors } from './actors/app-actors';
import { bindRouter } from './actors/navigation';
import { DefaultPageError } from './components/ui/page-error';
import { routeTree } from './routeTree.gen';

export function createAppRouter(actors: AppActors) {
  // A prerendered page can be read and scrolled before the app starts. Its first render then leaves the
  // page where the visitor (or the browser, restoring a reload) put it, instead of jumping to the top.
  let firstRender = true;
  const router = createRouter({
    routeTree,
    context: { actors },
    // SPEC §2: scroll to the top on navigation, restore the saved position when going back.
    scrollRestoration: () => {
      const scrolledBeforeStart = firstRender && (window.scrollY !== 0 || window.scrollX !== 0);
      firstRender = false;
      return !scrolledBeforeStart;
    },
    defaultPreload: 'intent',
    // A page whose code, guard or loader failed: a message, Try again and a way home, in the layout.
    defaultErrorComponent: DefaultPageError,
  });
  bindRouter(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
