// `npm run budgets` (run by `npm test` after the build): fails when the built app outgrows its budgets.
// The first load is measured at zlib's gzip level 9, the figure a server compressing on the fly would
// send. What this server sends is printed beside it: the precompressed `.br` files (brotli, what every
// current phone browser takes) and the `.gz` files for the others (zopfli, a little smaller than gzip 9;
// scripts/precompress.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const KB = 1024;

const budgets = {
  /**
   * JavaScript a first visit to / downloads, at gzip 9: the entry script and what the page names with it
   * (135 KB: issue "One clear architecture" traded 5 KB of room for honest code over build tricks).
   * React, the router and XState alone are about 104 KB of it (docs/decisions.md, Budgets, says what
   * the rest is). Raising it needs its reason in docs/decisions.md.
   */
  firstLoadJs: 135 * KB,
  /** Any other chunk (a route, a lazy dialog, a library only some pages use), minified, before gzip. */
  chunkRaw: 200 * KB,
};

/**
 * The first load of / in a build: the scripts the prerendered page (or index.html) names, its entry and
 * what it preloads, with their size as sent with brotli (`brotliBytes`: the precompressed `.br`, or
 * brotli at its best quality where there is none), as sent gzipped (`gzipBytes`: the precompressed `.gz`,
 * or gzip 9 where there is none) and as zlib's gzip 9 (`gzip9Bytes`). bench/web.ts prints the same figure.
 */
export function firstLoadOf(dist) {
  const page = ['_pages/index.html', 'index.html']
    .map((f) => path.join(dist, f))
    .find((f) => {
      try {
        readFileSync(f);
        return true;
      } catch {
        return false;
      }
    });
  if (!page) return null;
  const html = readFileSync(page, 'utf8');
  // The scripts are named by <script src>/<link href> or, on a prerendered page, by the JSON list its
  // boot snippet loads after the first paint (server/http/page-boot.ts): every quoted /assets/*.js.
  const files = [...new Set([...html.matchAll(/"\/assets\/([^"]+\.js)"/g)].map((m) => m[1]))];
  const asset = (file) => path.join(dist, 'assets', file);
  const gzip9Of = (file) => gzipSync(readFileSync(asset(file)), { level: 9 }).length;
  const brotliOf = (file) =>
    brotliCompressSync(readFileSync(asset(file)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
  /** The precompressed file the server sends (scripts/precompress.ts), or `fallback` where the build wrote none. */
  const sentOf = (extension, fallback) => (file) => {
    try {
      return readFileSync(`${asset(file)}.${extension}`).length;
    } catch {
      return fallback(file);
    }
  };
  const sum = (sizeOf) => files.reduce((total, file) => total + sizeOf(file), 0);
  return {
    page,
    files,
    brotliBytes: sum(sentOf('br', brotliOf)),
    gzipBytes: sum(sentOf('gz', gzip9Of)),
    gzip9Bytes: sum(gzip9Of),
  };
}

function check(dist) {
  const assets = path.join(dist, 'assets');
  const first = firstLoadOf(dist);
  if (!first) {
    console.error(`No built index.html in ${dist}: run the build first.`);
    process.exit(1);
  }
  const { page, files: firstLoad, brotliBytes, gzipBytes, gzip9Bytes } = first;
  // The libraries' chunk, split out for caching (vite.config.ts), is measured in the first load.
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js') && !/^vendor-[\w-]+\.js$/.test(f));
  const oversized = chunks
    .map((file) => ({ file, bytes: readFileSync(path.join(assets, file)).length }))
    .filter((c) => c.bytes > budgets.chunkRaw);

  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  let failed = false;
  const line = `first load of / (${path.relative(dist, page)}): ${firstLoad.length} scripts, ${kb(gzip9Bytes)} of JS at gzip 9 (as sent: ${kb(brotliBytes)} brotli, ${kb(gzipBytes)} gzip)`;
  if (gzip9Bytes > budgets.firstLoadJs) {
    failed = true;
    console.error(`✗ ${line}, over the budget of ${kb(budgets.firstLoadJs)}`);
  } else {
    console.log(`✓ ${line} (budget ${kb(budgets.firstLoadJs)})`);
  }
  for (const c of oversized) {
    failed = true;
    console.error(`✗ ${c.file}: ${kb(c.bytes)} minified, over the chunk budget of ${kb(budgets.chunkRaw)}`);
  }
  if (oversized.length === 0)
    console.log(`✓ ${chunks.length} other chunks, each under ${kb(budgets.chunkRaw)} minified`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) check(process.argv[2] ?? 'dist');
