import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { createAppRouter } from './router';

/**
 * Renders the app into #root. A public page prerendered at build time (scripts/prerender.ts) already
 * holds its HTML there: the router first loads the page's code, then React hydrates that HTML in place
 * instead of painting it again, so the page shows before the bundle has run and does not flash.
 */
export function mount(root: HTMLElement, app: ReactNode, router: ReturnType<typeof createAppRouter>): void {
  if (root.hasChildNodes()) {
    void router.load().then(() => hydrateRoot(root, app));
    return;
  }
  createRoot(root).render(app);
}
