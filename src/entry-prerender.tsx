// Build-time only (scripts/prerender.ts): renders a public page to HTML in Node with the app's own
// components, router and actors, exactly as the browser's first render will (no visitor, nothing
// fetched yet), so that hydrating it changes nothing. Nothing here may need a browser: the modules it
// imports read window, document and storage only when called, never when they load.
import { text } from 'node:stream/consumers';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
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
  try {
    const router = createAppRouter(actors, {
      history: createMemoryHistory({ initialEntries: [url] }),
      origin: 'http://localhost',
      scrollRestoration: false,
    });
    await router.load();
    // React's static rendering waits for every lazy part the page shows, then gives the whole HTML.
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppActorsContext.Provider value={actors}>
          <RouterProvider router={router} />
        </AppActorsContext.Provider>
      </StrictMode>,
      // Every part inline, in order: no boundary left for a script to fill in (the page runs none of its own).
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await text(prelude);
    const pageTitle = metaOf(router.state.matches as unknown as { staticData?: RouteMeta }[], 'pageTitle');
    return { html, title: pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME };
  } finally {
    actors.root.stop();
  }
}
