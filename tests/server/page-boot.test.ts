import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deferScripts } from '../../scripts/prerender';
import { pageBootScript, pageScriptsId } from '../../server/http/page-boot';
import { contentSecurityPolicy } from '../../server/http/security-headers';

// A prerendered page names no script in <head>: its boot snippet adds the entry and its preloads
// after the first paint (tests/e2e/prerender.spec.ts shows the pages still hydrate in Chromium).

const built = `<!doctype html>
<html lang="en">
  <head>
    <title>Labsongs</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-router-ghi.js">
    <style>body{margin:0}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerendered pages start their scripts after the first paint', () => {
  it('moves the entry and its preloads out of <head> into the list the snippet reads', () => {
    const page = deferScripts(built);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    const list = new RegExp(`<script type="application/json" id="${pageScriptsId}">([^<]+)</script>`).exec(page);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/vendor-react-def.js', '/assets/vendor-router-ghi.js'],
    });
    // The snippet comes after the list, at the end of <body>, exactly as the CSP hash allows it.
    expect(page).toContain(`<script>${pageBootScript}</script>\n</body>`);
    expect(page.indexOf(pageScriptsId)).toBeLessThan(page.indexOf(pageBootScript));
  });

  it('refuses a page whose entry script it cannot find, instead of shipping a page that never starts', () => {
    expect(() => deferScripts(built.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(/one entry script/);
  });

  it('allows that snippet, and no other inline script, by its hash', () => {
    const hash = createHash('sha256').update(pageBootScript).digest('base64');
    const scriptSrc = contentSecurityPolicy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('waits for a painted frame, except in a background tab that gets none', () => {
    expect(pageBootScript).toContain('requestAnimationFrame(function(){setTimeout(go,0)})');
    expect(pageBootScript).toContain("d.visibilityState==='hidden'");
  });
});
