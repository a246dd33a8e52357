import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { findCountry } from '../../contracts/countries';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { operation } from '../openapi/operation';
import { fail } from './envelope';

/** flag-icons' 4:3 SVG flags, found through node's resolver so it works wherever node_modules is. */
export function defaultFlagsDir(): string {
  const packageJson = createRequire(import.meta.url).resolve('flag-icons/package.json');
  return path.join(path.dirname(packageJson), 'flags', '4x3');
}

// flag-icons files these two territories under Saint Helena.
const fileNameOf: Record<string, string> = { AC: 'sh-ac', TA: 'sh-ta' };

/** `GET /flags/<code>.svg` for the country list's `image` URLs; only codes of contracts/countries.ts. */
export function createFlagRoutes(flagsDir: string): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/flags/:file{[A-Za-z]{2}\\.svg}',
    operation({
      summary: "A country's flag",
      tags: 'Catalogue',
      answers: { 200: { media: 'image/svg+xml' } },
      fails: [404],
    }),
    async (c) => {
      const code = c.req.param('file').slice(0, 2);
      if (!findCountry(code)) return fail(c, 404, serverMessages.notFound);
      let svg: Buffer;
      try {
        // The code is two letters checked against the country list, so it cannot name another file.
        const name = fileNameOf[code.toUpperCase()] ?? code.toLowerCase();
        svg = await readFile(path.join(flagsDir, `${name}.svg`));
      } catch {
        return fail(c, 404, serverMessages.notFound);
      }
      c.header('Content-Type', 'image/svg+xml');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(new Uint8Array(svg));
    },
  );
  return routes;
}
