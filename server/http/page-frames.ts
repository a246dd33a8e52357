// The frames the build renders (scripts/prerender.ts, src/entry-prerender.tsx `renderFrame`): a page's
// layout around a skeleton, with the stylesheet inline, sent for every page that is not prerendered so
// that a slow link paints the page's frame before any script has arrived (issue 27, "never a white page").

import type { FrameName } from '../../contracts/page-frames';

/** A frame's file in the build: `_pages/_frame-main.html` (no URL names it: page names have no `_`). */
export const frameFileOf = (name: FrameName): string => `_pages/_frame-${name}.html`;

/** The artist area's own pages (the `artist` layout); its login, application and public profiles are not. */
const ARTIST_AREA =
  /^\/artist\/(?:dashboard|song-orders|ongoing|validation|revision|completed|earnings|profile|account-settings)\/?$/;
/** The pages of the bare layout (a card on a plain background): the admin's and artist's sign-in, the application. */
const BARE = /^\/(?:admin\/login|artist\/(?:login|application-form))\/?$/;
/** The admin console's other pages. */
const ADMIN = /^\/admin(?:\/.*)?$/;

/** The frame of a known page path that is not prerendered, by its prefix (the layout its route asks for). */
export function frameFor(pathname: string): FrameName {
  if (ARTIST_AREA.test(pathname)) return 'artist';
  if (BARE.test(pathname)) return 'bare';
  if (ADMIN.test(pathname)) return 'admin';
  return 'main';
}
