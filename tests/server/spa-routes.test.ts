import { describe, expect, it } from 'vitest';
import { isSpaRoute, type spaRoutes } from '../../server/http/spa-routes';
import type { FileRouteTypes } from '../../src/routeTree.gen';

// The server's list of the SPA's pages is the route tree's, checked by the type checker (npm test runs
// it first): a route added to src/routes without the list, or a stale entry, fails here.
type TreePath = Exclude<FileRouteTypes['fullPaths'], '/$'>;
type Listed = (typeof spaRoutes)[number];
const everyTreePathListed: [Exclude<TreePath, Listed>] extends [never] ? true : false = true;
const onlyTreePathsListed: [Exclude<Listed, TreePath>] extends [never] ? true : false = true;

describe('the SPA routes the server knows', () => {
  it('are the route tree’s full paths', () => {
    expect(everyTreePathListed && onlyTreePathsListed).toBe(true);
  });

  it('match static paths, one segment per parameter, with or without a trailing slash', () => {
    for (const known of ['/', '/about', '/about/', '/artist', '/artist/', '/artist/dj-zoe', '/admin/orders/7']) {
      expect(isSpaRoute(known), known).toBe(true);
    }
    for (const unknown of ['/about/team', '/artist/dj-zoe/songs', '/admin/orders/7/edit', '/pay', '/nope', '//']) {
      expect(isSpaRoute(unknown), unknown).toBe(false);
    }
  });
});
