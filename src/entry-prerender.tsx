// Build-time only (scripts/prerender.ts): renders a public page to HTML with the app's own components,
// router and actors, exactly as the browser's first render will (no visitor, nothing fetched yet), so
// that hydrating it changes nothing.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PRODUCT_NAME } from '../contracts/constants';
import { createAppActors } from './actors/app-actors';
import { AppActorsContext } from './actors/hooks';
import { createAppRouter } from './router';
import { metaOf, type RouteMeta } from './routes/-meta';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document title the root route sets after hydration. */
  title: string;
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const actors = createAppActors();
  const router = createAppRouter(actors);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const html = renderToString(
    <StrictMode>
      <AppActorsContext.Provider value={actors}>
        <RouterProvider router={router} />
      </AppActorsContext.Provider>
    </StrictMode>,
  );
  const pageTitle = metaOf(router.state.matches as unknown as { staticData?: RouteMeta }[], 'pageTitle');
  return { html, title: pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME };
}
