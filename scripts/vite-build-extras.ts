import path from 'node:path';
import type { Plugin } from 'vite';
import { precompress } from './precompress';
import { prerender } from './prerender';

/**
 * After the client build: the public pages rendered to HTML (scripts/prerender.ts), then brotli and
 * gzip files beside every text file, so `vite build` alone gives what the server sends.
 */
export function buildExtras(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'labsongs-build-extras',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      await prerender(root, outDir);
      await precompress(outDir);
    },
  };
}
