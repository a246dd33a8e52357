// The render step of scripts/prerender.ts, in a worker thread of its own: the app starts timers and
// listeners as it would in a browser tab, and ending the worker ends them all.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { Window } from 'happy-dom';

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);

/**
 * A browser-like global scope: the app's modules read window, document and localStorage when they load
 * (the session actor, the player), as they do in the browser. The window's own names the Node scope
 * lacks (addEventListener, scrollTo, HTMLElement…) are added, and these few, which Node has in its own
 * form, are replaced.
 */
function installBrowserGlobals(origin) {
  const window = new Window({ url: `${origin}/` });
  const replaced = ['window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage'];
  const names = new Set([
    ...replaced,
    ...Object.getOwnPropertyNames(window).filter((name) => !(name in globalThis) && !name.startsWith('_')),
    'addEventListener',
    'removeEventListener',
    'dispatchEvent',
  ]);
  for (const name of names) {
    let value;
    try {
      value = name === 'window' ? window : window[name];
    } catch {
      continue;
    }
    Object.defineProperty(globalThis, name, {
      value: typeof value === 'function' && /^[a-z]/.test(name) ? value.bind(window) : value,
      configurable: true,
      writable: true,
    });
  }
}

const { bundle, pages, template, files } = workerData;
installBrowserGlobals('http://localhost');
const entry = await import(pathToFileURL(bundle).href);
for (const [i, page] of pages.entries()) {
  const rendered = await entry.renderPage(page);
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
  await mkdir(path.dirname(files[i]), { recursive: true });
  await writeFile(files[i], html);
}
parentPort.postMessage('done');
