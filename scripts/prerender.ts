import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'vite';
import { pageBootScript, pageScriptsId } from '../server/http/page-boot';

/** The public pages (issue "Fast on a phone"): rendered to HTML at build time, hydrated in the browser. */
const PRERENDERED_PAGES = ['/', '/about', '/artists', '/privacy-policy', '/terms', '/404'] as const;

/** Where server/http/static.ts looks for them: `/about` → `<dist>/_pages/about.html`, `/` → `_pages/index.html`. */
const pageFile = (outDir: string, page: string) =>
  path.join(outDir, '_pages', `${page === '/' ? 'index' : page.slice(1)}.html`);

/**
 * The stylesheet goes into the page itself: a first visit then paints with the HTML alone, without
 * waiting a round trip for a render-blocking CSS file (a phone's slowest step before the first paint).
 * It is the whole sheet (about 11 KB gzip): later pages, rendered in the browser, need its other rules.
 */
async function inlineStylesheets(html: string, outDir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  let out = html;
  for (const [tag, file] of links) {
    const css = await readFile(path.join(outDir, file as string), 'utf8');
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains "</style"`);
    out = out.replace(tag, () => `<style>${css.trim()}</style>`);
  }
  return out;
}

/**
 * The app's scripts start after the first paint (server/http/page-boot.ts): the entry script and its
 * module preloads leave <head> for a JSON list, and the boot snippet that adds them goes at the end
 * of <body>. The page then paints from its HTML and inline stylesheet before any script is fetched.
 */
export function deferScripts(html: string): string {
  const entries = [...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/g)];
  if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
  const [entryTag, entry] = entries[0] as RegExpMatchArray;
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g)];
  let out = html.replace(entryTag, '');
  for (const [tag] of preloads) out = out.replace(tag, '');
  const list = JSON.stringify({ entry, preload: preloads.map((m) => m[1]) });
  if (!out.includes('</body>')) throw new Error('index.html has no </body> for the boot snippet');
  return out.replace(
    '</body>',
    () =>
      `<script type="application/json" id="${pageScriptsId}">${list}</script>\n<script>${pageBootScript}</script>\n</body>`,
  );
}

/**
 * Builds src/entry-prerender.tsx for Node with the browser's module conditions (the router then
 * renders as it will in the browser), renders each public page and writes it into a copy of the
 * built index.html, with its title. Runs after the client build (scripts/vite-build-extras.ts).
 */
export async function prerender(root: string, outDir: string): Promise<string[]> {
  const ssrOut = path.join(root, 'node_modules', '.cache', 'labsongs-prerender');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    ssr: { noExternal: true, resolve: { conditions: ['browser', 'import', 'module', 'default'] } },
    resolve: { conditions: ['browser', 'import', 'module', 'default'] },
    build: {
      ssr: path.join(root, 'src', 'entry-prerender.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const built = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!built.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
  const template = deferScripts(await inlineStylesheets(built, outDir));
  const files = PRERENDERED_PAGES.map((page) => pageFile(outDir, page));
  const worker = new Worker(new URL('./prerender-worker.mjs', import.meta.url), {
    workerData: { bundle: path.join(ssrOut, 'entry-prerender.js'), pages: PRERENDERED_PAGES, template, files },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the prerender worker stopped (${code}) before it finished`)));
    });
  } finally {
    await worker.terminate();
    await rm(ssrOut, { recursive: true, force: true });
  }
  return files;
}
