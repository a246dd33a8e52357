import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import { isSandboxCopy, markForSandbox, sandboxCopyOf } from '../server/http/sandbox-pages';

const brotli = promisify(brotliCompress);
/**
 * Zopfli writes ordinary gzip that any client inflates, about 3.5% smaller than zlib's level 9 for the
 * app's scripts (it searches far harder, once, at build time: about 12 s for the whole build).
 */
const gz = (content: Buffer) => gzipAsync(content, { numiterations: 15 });

/** Text the server sends compressed (server/http/static.ts); source maps stay out, nobody loads them on a phone. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Under this the compressed file saves less than its headers cost. */
const MIN_BYTES = 512;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes the sandbox-marked copy of every page of the build (server/http/sandbox-pages.ts). */
async function writeSandboxCopies(dir: string): Promise<void> {
  const pages: string[] = [];
  for await (const file of filesUnder(dir)) if (file.endsWith('.html') && !isSandboxCopy(file)) pages.push(file);
  await Promise.all(
    pages.map(async (page) => writeFile(sandboxCopyOf(page), markForSandbox(await readFile(page, 'utf8')))),
  );
}

/**
 * Writes the pages' sandbox copies, then `<file>.br` (brotli, best quality: done once at build time) and
 * `<file>.gz` (gzip by zopfli, for clients without brotli) beside every text file of the build; a variant
 * that is not smaller is not written.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  await writeSandboxCopies(dir);
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const content = await readFile(file);
        const [b, g] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content),
        ]);
        if (b.length < content.length) await writeFile(`${file}.br`, b);
        if (g.length < content.length) await writeFile(`${file}.gz`, g);
        totals.files += 1;
        totals.bytes += content.length;
        totals.brotliBytes += Math.min(b.length, content.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}
