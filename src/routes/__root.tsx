import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { PRODUCT_NAME } from '../../contracts/constants';
import type { AppActors } from '../actors/app-actors';
import { AdminLayout } from '../admin/lazy';
import { AuthDialogsHost } from '../components/auth/lazy-auth-dialogs-host';
import { SocialReturnHandler } from '../components/auth/social-return';
import { ArtistLayout } from '../components/layout/lazy-artist-layout';
import { BareLayout, MainLayout } from '../components/layout/main-layout';
import { SandboxBanner } from '../components/layout/sandbox-banner';
import { AppToaster } from '../components/ui/toaster';
import { PlayerBar } from '../player/lazy-player-bar';
import { artistGate, authGuard } from './-guards';
import { metaOf, type RouteMeta } from './-meta';

export interface RouterContext {
  actors: AppActors;
}

type Matches = readonly { staticData?: RouteMeta }[];

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, matches, location }) => {
    await authGuard(context.actors, matches as Matches, location.href);
    await artistGate(context.actors, matches as Matches, location.pathname);
  },
  component: RootComponent,
});

/** The layout the page's route asks for (docs/product.md §2), around `page`. */
function PageFrame({ page }: { page: ReactNode }) {
  const matches = useRouterState({ select: (s) => s.matches }) as unknown as Matches;
  const layout = metaOf(matches, 'layout') ?? 'main';
  const pageTitle = metaOf(matches, 'pageTitle');

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);

  return layout === 'bare' || layout === 'application' ? (
    <BareLayout>{page}</BareLayout>
  ) : layout === 'admin' ? (
    <AdminLayout>{page}</AdminLayout>
  ) : layout === 'artist' ? (
    <ArtistLayout pageTitle={pageTitle ?? ''}>{page}</ArtistLayout>
  ) : (
    <MainLayout>{page}</MainLayout>
  );
}

function RootComponent() {
  return (
    <>
      <SandboxBanner />
      <PageFrame page={<Outlet />} />
      {/* docs/product.md §2: under every page, and mounted across route changes so the song keeps playing. */}
      <PlayerBar />
      <AuthDialogsHost />
      <SocialReturnHandler />
      <AppToaster />
    </>
  );
}
