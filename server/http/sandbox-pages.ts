import { sandboxPageAttribute, sandboxPageAttributeValue } from '../../contracts/sandbox';

// While the sandbox provider is active, every page the server sends is marked `<html data-payments="sandbox">`:
// the banner's CSS (src/components/layout/sandbox-banner.tsx) then shows it from the first paint, with no
// script (the CSP stays as strict) and no shift. The build writes the marked copy of each page beside it,
// compressed like the rest (scripts/precompress.ts), so the server only picks a file.

/** The marked copy of a built page: `_pages/about.html` → `_pages/about.sandbox.html`. */
export const sandboxCopyOf = (page: string): string => page.replace(/\.html$/, '.sandbox.html');

/** Whether a built file is such a copy, or a compressed form of one. */
export const isSandboxCopy = (file: string): boolean => file.includes('.sandbox.html');

/** A page's HTML with the sandbox mark on its root element. */
export const markForSandbox = (html: string): string =>
  html.replace(/<html\b/i, (tag) => `${tag} ${sandboxPageAttribute}="${sandboxPageAttributeValue}"`);
