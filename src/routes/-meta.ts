import type { UserType } from '../../contracts/account';

/** Route meta of docs/product.md §2: which login a page needs, its layout, its title and its product route name. */
export interface RouteMeta {
  authUser?: UserType;
  /** Artist login, artist forgot password and the application need a logged-out visitor (docs/product.md §5). */
  guestOnly?: boolean;
  /** A customer's page a guest may open too (the order brief's steps, issue 27); someone of another area goes to /. */
  guestWelcome?: boolean;
  /** 'admin': the admin console's own top bar (src/admin/admin-layout.tsx). */
  layout?: 'main' | 'bare' | 'artist' | 'application' | 'admin';
  pageTitle?: string;
  name?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends RouteMeta {}
}

/** The deepest match's value for a meta key (children override parents). */
export function metaOf<K extends keyof RouteMeta>(
  matches: readonly { staticData?: RouteMeta }[],
  key: K,
): RouteMeta[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const value = matches[i]?.staticData?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}
