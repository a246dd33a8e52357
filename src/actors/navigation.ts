import type { AnyRouter } from '@tanstack/react-router';
import { metaOf, type RouteMeta } from '../routes/-meta';

/**
 * Machines navigate through named actions; those are bound to the router here once it exists
 * (the router's context needs the actors first, so the binding is late).
 */
let router: AnyRouter | undefined;

export function bindRouter(r: AnyRouter): void {
  router = r;
}

export function navigateTo(to: string, options: { replace?: boolean; search?: Record<string, string> } = {}): void {
  void router?.navigate({
    to,
    replace: options.replace ?? false,
    ...(options.search ? { search: options.search } : {}),
  });
}

/** Goes to a path of this app as written, search and hash included (a page a visit asked for). */
export function navigateToHref(href: string): void {
  void router?.navigate({ href });
}

/** The route name (docs/product.md §2) of the current page (e.g. 'order.checkout'), or '' when it has none. */
export function currentRouteName(): string {
  const matches = (router?.state.matches ?? []) as unknown as { staticData?: RouteMeta }[];
  return metaOf(matches, 'name') ?? '';
}

export function invalidateRoutes(): void {
  void router?.invalidate();
}
