import { createRootRouteWithContext, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { waitFor } from 'xstate';
import { PRODUCT_NAME } from '../../contracts/constants';
import type { AppActors } from '../actors/app-actors';
import { AuthDialogsHost } from '../components/auth/auth-dialogs-host';
import { SocialReturnHandler } from '../components/auth/social-return';
import { ArtistLayout } from '../components/layout/artist-layout';
import { BareLayout, MainLayout } from '../components/layout/main-layout';
import { AppToaster } from '../components/ui/toaster';
import { metaOf, type RouteMeta } from './-meta';

export interface RouterContext {
  actors: AppActors;
}

type Matches = readonly { staticData?: RouteMeta }[];

export const Route = createRootRouteWithContext<RouterContext>()({
  // The two global guards of SPEC §2/§5. Pure reads of the session snapshot: beforeLoad also runs on preload.
  beforeLoad: async ({ context, matches }) => {
    const authUser = metaOf(matches as Matches, 'authUser');
    const guestOnly = metaOf(matches as Matches, 'guestOnly');
    if (!authUser && !guestOnly) return;
    const snapshot = await waitFor(context.actors.session, (s) => !s.hasTag('busy'));
    const user = snapshot.hasTag('authenticated') ? snapshot.context.user : null;
    // A page with authUser meta needs a signed-in user of that type.
    if (authUser && user?.type !== authUser) throw redirect({ to: '/', replace: true });
    // Artist login, forgot password and the application need a logged-out visitor.
    if (guestOnly && user) throw redirect({ to: '/', replace: true });
  },
  component: RootComponent,
});

function RootComponent() {
  const matches = useRouterState({ select: (s) => s.matches }) as unknown as Matches;
  const layout = metaOf(matches, 'layout') ?? 'main';
  const pageTitle = metaOf(matches, 'pageTitle');
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);

  // After a navigation, move focus to the page so screen readers start at its content.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design.
  useEffect(() => {
    const main = document.getElementById('main');
    if (main && document.activeElement === document.body) main.focus({ preventScroll: true });
  }, [pathname]);

  const page = <Outlet />;
  return (
    <>
      {layout === 'bare' || layout === 'application' ? (
        <BareLayout>{page}</BareLayout>
      ) : layout === 'artist' ? (
        <ArtistLayout pageTitle={pageTitle ?? ''}>{page}</ArtistLayout>
      ) : (
        <MainLayout>{page}</MainLayout>
      )}
      <AuthDialogsHost />
      <SocialReturnHandler />
      <AppToaster />
    </>
  );
}
