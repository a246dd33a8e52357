import { lazy, type ReactNode, Suspense } from 'react';
import type { AdminActors } from './admin-actors';

// The console is for a handful of staff: its code loads only when an /admin page opens, so the
// customer-facing bundle does not carry it.

const LazyAdminLayout = lazy(async () => ({ default: (await import('./admin-layout')).AdminLayout }));

export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <LazyAdminLayout>{children}</LazyAdminLayout>
    </Suspense>
  );
}

/** The admin actors, for route guards and loaders (started on first use). */
export async function loadAdminActors(): Promise<AdminActors> {
  return (await import('./admin-actors')).getAdminActors();
}

/** Whether an admin is signed in, once the admin session has settled (the console's guards). */
export async function adminSignedIn(): Promise<boolean> {
  return (await import('./admin-actors')).isAdminSignedInSettled();
}
