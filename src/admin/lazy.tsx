import { lazy, type ReactNode, Suspense } from 'react';

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

/** One application, for its page's loader (a failure is an Error with the message to show). */
export async function loadApplication(id: number) {
  return (await import('./review.actors')).loadApplication(id);
}

/** Whether an admin is signed in, once the admin session has settled (the console's guards). */
export async function adminSignedIn(): Promise<boolean> {
  return (await import('./admin-actors')).isAdminSignedInSettled();
}
