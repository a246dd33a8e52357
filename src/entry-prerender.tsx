// Build-time only (scripts/prerender.ts): renders a public page to HTML in Node with the app's own
// components, router and actors, exactly as the browser's first render will (no visitor, nothing
// fetched yet), so that hydrating it changes nothing. Nothing here may need a browser: the modules it
// imports read window, document and storage only when called, never when they load.
import { text } from 'node:stream/consumers';
import { createMemoryHistory, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { css } from 'styled-system/css';
import { PRODUCT_NAME } from '../contracts/constants';
import { type FrameName, frameAttribute } from '../contracts/page-frames';
import { createAppActors } from './actors/app-actors';
import { AppActorsContext } from './actors/hooks';
import { AdminShell } from './admin/admin-layout';
import { ArtistFrame } from './components/layout/artist-frame';
import { BareLayout, MainLayout } from './components/layout/main-layout';
import { SandboxBanner } from './components/layout/sandbox-banner';
import { PageSkeleton } from './components/ui/skeleton';
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

/**
 * The frames: what a page that is not prerendered shows before any script (server/http/static.ts sends
 * one for such a path). The same markup as the root route's pending view (src/routes/__root.tsx: the
 * sandbox banner, the area's layout around a skeleton), which the app's first render draws over it.
 * `main`: the customer pages and the other pages of the main layout; `artist`: the artist area; `admin`: the
 * admin console; `bare`: the sign-in pages and the artist's application.
 */
const FRAMES: Record<FrameName, { url: string }> = {
  main: { url: '/customer/account' },
  artist: { url: '/artist/dashboard' },
  admin: { url: '/admin/orders' },
  bare: { url: '/artist/login' },
};

const frameBody: Record<FrameName, () => ReactNode> = {
  main: () => (
    <MainLayout>
      <PageSkeleton />
    </MainLayout>
  ),
  // The page's title is not known for the whole area: the app's first render puts it in the top bar.
  artist: () => (
    <ArtistFrame pageTitle="">
      <PageSkeleton />
    </ArtistFrame>
  ),
  // Whether an admin is signed in is not known yet: the top bar shows only the logo until the app draws it.
  admin: () => (
    <AdminShell>
      <PageSkeleton />
    </AdminShell>
  ),
  bare: () => (
    <BareLayout>
      <div className={css({ w: 'full', maxW: 'md' })}>
        <PageSkeleton />
      </div>
    </BareLayout>
  ),
};

export async function renderFrame(name: FrameName): Promise<RenderedPage> {
  const actors = createAppActors();
  try {
    // The header's links need a router; nothing is loaded (no guard, no page): only the layout shows.
    const router = createAppRouter(actors, {
      history: createMemoryHistory({ initialEntries: [FRAMES[name].url] }),
      origin: 'http://localhost',
      scrollRestoration: false,
    });
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <AppActorsContext.Provider value={actors}>
          <RouterContextProvider router={router}>
            <SandboxBanner />
            {frameBody[name]()}
          </RouterContextProvider>
        </AppActorsContext.Provider>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await text(prelude);
    // Marked on its first element (the banner), which the app's first render replaces.
    if (!html.startsWith('<aside ')) throw new Error(`the ${name} frame does not start with the sandbox banner`);
    return { html: html.replace('<aside ', `<aside ${frameAttribute}="${name}" `), title: PRODUCT_NAME };
  } finally {
    actors.root.stop();
  }
}
