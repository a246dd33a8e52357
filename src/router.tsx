import { createRouter } from '@tanstack/react-router';
import type { AppActors } from './actors/app-actors';
import { bindRouter } from './actors/navigation';
import { routeTree } from './routeTree.gen';

export function createAppRouter(actors: AppActors) {
  const router = createRouter({
    routeTree,
    context: { actors },
    // SPEC §2: scroll to the top on navigation, restore the saved position when going back.
    scrollRestoration: true,
    defaultPreload: 'intent',
  });
  bindRouter(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
