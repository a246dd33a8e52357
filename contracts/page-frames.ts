// The frames the build renders for the pages that are not prerendered (scripts/prerender.ts,
// src/entry-prerender.tsx): a layout around a skeleton, painted before any script. Shared by the build,
// the server (server/http/page-frames.ts picks one by path) and the app (src/mount.tsx renders over one).

/** The main layout (header, footer), the artist area's, the admin console's, and the bare one (the sign-in pages). */
export const frameNames = ['main', 'artist', 'admin', 'bare'] as const;
export type FrameName = (typeof frameNames)[number];

/** On a frame's first element, naming the frame: the app renders over a frame instead of hydrating it. */
export const frameAttribute = 'data-frame';
