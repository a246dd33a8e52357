import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import type { PageEntry } from '../../machines/app.types';
import type { RouterContext } from '../routes/__root';
import { metaOf, type RouteMeta } from '../routes/-meta';

/**
 * Machines navigate through named actions; those are bound to the router here once it exists
 * (the router's context needs the actors first, so the binding is late).
 */
let router: AnyRouter | undefined;

/**
 * Binds the machines' navigation to `r`, and tells its app's root (`r`'s context) which page it is about
 * to open, before any guard runs: the root opens the login modal or starts the draft the page needs.
 */
export function bindRouter(r: AnyRouter): void {
  router = r;
  const { root } = (r.options.context as RouterContext).actors;
  const unsubscribe = r.subscribe('onBeforeLoad', ({ toLocation, pathChanged }) =>
    root.send({ type: 'route.entering', ...pageEntry(r, toLocation, pathChanged) }),
  );
  // A stopped app lets go of its router: nothing navigates it, nor tells the app, any more.
  root.subscribe({
    complete: () => {
      unsubscribe();
      if (router === r) router = undefined;
    },
  });
}

/** What the root hears of a page: `pathChanged` (false when a change of session checks it again in place). */
function pageEntry(r: AnyRouter, to: ParsedLocation, pathChanged: boolean): PageEntry {
  const [routes, , found] = r.getMatchedRoutes(to.pathname);
  const matches = routes.map((route) => ({ staticData: route.options.staticData as RouteMeta | undefined }));
  return {
    href: to.href,
    route: found?.fullPath ?? '',
    needs: metaOf(matches, 'authUser') ?? null,
    arriving: pathChanged,
  };
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
