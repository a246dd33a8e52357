import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bootScripts, fillPage } from '../../scripts/prerender';
import { pageBootScript, pageScriptsId } from '../../server/http/page-boot';
import { contentSecurityPolicy } from '../../server/http/security-headers';

// A prerendered page names no script in <head>: its boot snippet adds the entry and its preloads
// after the first paint (tests/e2e/prerender.spec.ts shows the pages still hydrate in Chromium).

// The built index.html as the bundler writes it: its marks (index.html) and the tags it adds before </head>.
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <title>Labsongs</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/vendor-router-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <noscript>Labsongs needs JavaScript to run.</noscript>
    <!--app-scripts-->
  </body>
</html>`;

const scripts = bootScripts('/', {
  entry: 'assets/index-abc.js',
  preload: ['assets/vendor-react-def.js', 'assets/vendor-router-ghi.js'],
});
const page = fillPage(built, { title: 'About · Labsongs', css: 'body{margin:0}', html: '<h1>About</h1>', scripts });

describe('prerendered pages start their scripts after the first paint', () => {
  it('names no script or stylesheet file in <head>, and lists the entry and its preloads for the snippet', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('<meta charset="UTF-8" />');
    const list = new RegExp(`<script type="application/json" id="${pageScriptsId}">([^<]+)</script>`).exec(page);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/vendor-react-def.js', '/assets/vendor-router-ghi.js'],
    });
    // The snippet comes after the list, at the end of <body>, exactly as the CSP hash allows it.
    expect(page).toContain(`<script>${pageBootScript}</script>\n  </body>`);
    expect(page.indexOf(pageScriptsId)).toBeLessThan(page.indexOf(pageBootScript));
  });

  it("puts the page's title and stylesheet in <head> and its markup in #root, and leaves no mark behind", () => {
    expect(page).toContain('<title>About · Labsongs</title>');
    expect(page).not.toContain('<title>Labsongs</title>');
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).toContain('<div id="root"><h1>About</h1></div>');
    expect(page).not.toContain('<!--app-');
  });

  it('refuses a page without its marks, instead of shipping a page that never starts', () => {
    const fill = (html: string) => fillPage(html, { title: 'About', css: '', html: '<h1>About</h1>', scripts });
    expect(() => fill(built.replace('<!--app-scripts-->', ''))).toThrow(/<!--app-scripts-->/);
    expect(() => fill(built.replace('<!--app-html-->', ''))).toThrow(/<!--app-html-->/);
    expect(() => fill(built.replace('<!--app-head-->', ''))).toThrow(/<!--app-head-->/);
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
