import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  /** What the first page load needs: index.html's entry script and stylesheet. */
  entry: { js: ChunkSize[]; css: ChunkSize[]; gzipTotal: number };
  /** Every JavaScript chunk, largest first (route chunks carry the route file's name). */
  chunks: ChunkSize[];
}

async function sizeOf(dir: string, file: string): Promise<ChunkSize> {
  const content = await readFile(path.join(dir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

/** Sizes of the built SPA in dist/ (run `npm run build` first). */
export async function bundleReport(distDir = 'dist'): Promise<BundleReport> {
  const assets = path.join(distDir, 'assets');
  const files = (await readdir(assets)).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const sized = await Promise.all(files.map((f) => sizeOf(assets, f)));
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/\/assets\/([^"']+)/g)].map((m) => m[1]));
  const entryJs = sized.filter((s) => referenced.has(s.file) && s.file.endsWith('.js'));
  const entryCss = sized.filter((s) => referenced.has(s.file) && s.file.endsWith('.css'));
  return {
    entry: { js: entryJs, css: entryCss, gzipTotal: [...entryJs, ...entryCss].reduce((n, s) => n + s.gzipBytes, 0) },
    chunks: sized.filter((s) => s.file.endsWith('.js')).sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}
