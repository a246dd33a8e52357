import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rolldown } from 'vite';
import { frameNames } from '../contracts/page-frames';
import { pageBootScript, pageScriptsId } from '../server/http/page-boot';
import { frameFileOf } from '../server/http/page-frames';
import type { RenderedPage } from '../src/entry-prerender';

/** The public pages (issue "Fast on a phone"): rendered to HTML at build time, hydrated in the browser. */
export const PRERENDERED_PAGES = ['/', '/about', '/artists', '/privacy-policy', '/terms', '/404'] as const;

/** Where server/http/static.ts looks for them: `/about` → `<dist>/_pages/about.html`, `/` → `_pages/index.html`. */
const pageFile = (outDir: string, page: string) =>
  path.join(outDir, '_pages', `${page === '/' ? 'index' : page.slice(1)}.html`);

/**
 * The marks in index.html a prerendered page fills. `head`: the page's own title and stylesheet go
 * here, and what follows up to `</head>` (the shell's title, then the tags the bundler adds for the
 * entry script, its preloads and its stylesheet) is left out. `html`: the page's markup, inside #root.
 * `scripts`: the list of the app's scripts and the snippet that loads them after the first paint.
 */
export const marks = { head: '<!--app-head-->', html: '<!--app-html-->', scripts: '<!--app-scripts-->' } as const;

/** What a first visit loads, from the client build: the entry script, the chunks it imports, its stylesheets. */
export interface EntryFiles {
  entry: string;
  preload: string[];
  css: string[];
}

/** The entry chunk of index.html and what it imports (what the bundler names in the built index.html). */
export function entryFilesOf(output: Rolldown.OutputBundle | (Rolldown.OutputChunk | Rolldown.OutputAsset)[]) {
  const files = Array.isArray(output) ? output : Object.values(output);
  const chunks = new Map(
    files.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk').map((c) => [c.fileName, c] as const),
  );
  const entries = [...chunks.values()].filter((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const entry = entries[0];
  if (entries.length !== 1 || !entry)
    throw new Error(`expected one entry chunk for index.html, found ${entries.length}`);
  const preload: string[] = [];
  const css = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (!imported || preload.includes(file)) continue;
      preload.push(file);
      visit(imported);
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
  };
  visit(entry);
  return { entry: entry.fileName, preload, css: [...css] } satisfies EntryFiles;
}

/**
 * The app's scripts start after the first paint (server/http/page-boot.ts): the entry and its preloads
 * are listed as JSON, and the boot snippet that adds them to <head> follows the list.
 */
export function bootScripts(base: string, files: Pick<EntryFiles, 'entry' | 'preload'>): string {
  const list = JSON.stringify({ entry: base + files.entry, preload: files.preload.map((file) => base + file) });
  return `<script type="application/json" id="${pageScriptsId}">${list}</script>\n<script>${pageBootScript}</script>`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] as string);

/** Splits `html` at a mark that must be there exactly once. */
function splitAt(html: string, mark: string): [string, string] {
  const at = html.indexOf(mark);
  if (at < 0 || html.indexOf(mark, at + 1) >= 0) throw new Error(`index.html must have ${mark} exactly once`);
  return [html.slice(0, at), html.slice(at + mark.length)];
}

/**
 * A prerendered page from the built index.html: its title and the whole stylesheet inline in <head> (a
 * first visit paints with the HTML alone, without waiting a round trip for a render-blocking CSS file),
 * its markup in #root, and the scripts listed for after the first paint instead of named in <head>.
 */
export function fillPage(built: string, page: { title: string; css: string; html: string; scripts: string }): string {
  const [beforeHead, rest] = splitAt(built, marks.head);
  const headEnd = rest.indexOf('</head>');
  if (headEnd < 0) throw new Error('index.html has no </head>');
  if (page.css.includes('</style')) throw new Error('the stylesheet cannot be inlined: it contains "</style"');
  const head = `<title>${escapeHtml(page.title)}</title>\n    <style>${page.css.trim()}</style>\n  `;
  const [beforeHtml, afterHtml] = splitAt(rest.slice(headEnd), marks.html);
  const [beforeScripts, afterScripts] = splitAt(afterHtml, marks.scripts);
  return beforeHead + head + beforeHtml + page.html + beforeScripts + page.scripts + afterScripts;
}

/**
 * Renders each public page with the prerender's server bundle (src/entry-prerender.tsx, built for Node
 * by the `prerender` environment) and writes it beside the built index.html. Runs after both builds
 * (scripts/vite-build-extras.ts).
 */
export async function prerender(options: {
  outDir: string;
  base: string;
  serverEntry: string;
  files: EntryFiles;
}): Promise<string[]> {
  const { outDir, base, files } = options;
  const built = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const shellHead = built.slice(built.indexOf(marks.head), built.indexOf('</head>'));
  // What the page leaves out of <head> must be the bundler's tags for exactly these files.
  if (!shellHead.includes(`"${base}${files.entry}"`))
    throw new Error(`index.html names the entry script elsewhere than between ${marks.head} and </head>`);
  const css = (await Promise.all(files.css.map((file) => readFile(path.join(outDir, file), 'utf8')))).join('\n');
  const scripts = bootScripts(base, files);
  const { renderPage, renderFrame } = (await import(pathToFileURL(options.serverEntry).href)) as {
    renderPage(url: string): Promise<RenderedPage>;
    renderFrame(name: (typeof frameNames)[number]): Promise<RenderedPage>;
  };
  const written: string[] = [];
  for (const page of PRERENDERED_PAGES) {
    const rendered = await renderPage(page);
    const file = pageFile(outDir, page);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fillPage(built, { title: rendered.title, css, html: rendered.html, scripts }));
    written.push(file);
  }
  // The frames, for the pages that are not prerendered (server/http/page-frames.ts).
  for (const name of frameNames) {
    const rendered = await renderFrame(name);
    const file = path.join(outDir, frameFileOf(name));
    await writeFile(file, fillPage(built, { title: rendered.title, css, html: rendered.html, scripts }));
    written.push(file);
  }
  return written;
}
