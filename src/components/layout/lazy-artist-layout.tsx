import { lazy, type ReactNode, Suspense } from 'react';
import { PageSkeleton } from '../ui/skeleton';
import { ArtistFrame } from './artist-frame';

// The artist area's frame (menu, online switch, the approved artist's tour with react-joyride) loads
// only when an /artist page opens: customers, most visitors, never download it.

const Layout = lazy(async () => ({ default: (await import('./artist-layout')).ArtistLayout }));

export function ArtistLayout({ pageTitle, children }: { pageTitle: string; children: ReactNode }) {
  return (
    // Until it comes, the area's frame with the page's title and a skeleton, never a white page. (Not the
    // page itself: it would start twice, once in the frame and again in the layout.)
    <Suspense
      fallback={
        <ArtistFrame pageTitle={pageTitle}>
          <PageSkeleton />
        </ArtistFrame>
      }
    >
      <Layout pageTitle={pageTitle}>{children}</Layout>
    </Suspense>
  );
}
