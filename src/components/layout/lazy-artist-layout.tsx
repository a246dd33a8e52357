import { lazy, type ReactNode, Suspense } from 'react';

// The artist area's frame (menu, online switch, the approved artist's tour with react-joyride) loads
// only when an /artist page opens: customers, most visitors, never download it.

const Layout = lazy(async () => ({ default: (await import('./artist-layout')).ArtistLayout }));

export function ArtistLayout({ pageTitle, children }: { pageTitle: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Layout pageTitle={pageTitle}>{children}</Layout>
    </Suspense>
  );
}
