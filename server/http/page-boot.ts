import { createHash } from 'node:crypto';

// A prerendered public page (scripts/prerender.ts) asks for the app's scripts only after it has
// painted. With the scripts named in <head>, the browser fetches them while the HTML still arrives,
// and on a slow phone link they share the bandwidth the first paint is waiting for. The page instead
// lists them in a JSON data block and this snippet, inline at the end of <body>, adds the same
// <link rel="modulepreload"> and <script type="module"> once the first frame has painted (at once in
// a background tab, which gets no frames until it is shown).

/** The id of the data block that lists the page's scripts: `{ "entry": "/assets/…", "preload": [...] }`. */
export const pageScriptsId = 'app-scripts';

/** The inline snippet: fixed text, so the Content-Security-Policy allows exactly it by its hash. */
export const pageBootScript = `(function(){var d=document;function go(){var b=JSON.parse(d.getElementById('${pageScriptsId}').textContent);b.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.entry;d.head.appendChild(s)}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})();`;

/** The CSP source that allows the snippet and nothing else inline. */
export const pageBootHashSource = `'sha256-${createHash('sha256').update(pageBootScript).digest('base64')}'`;
