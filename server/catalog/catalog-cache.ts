import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';

/** The catalogue's version (migration 0007: triggers raise it on every change the catalogue shows). */
async function readCatalogVersion(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirst();
  return String(row?.version ?? 0);
}

interface Entry {
  version: string;
  text: string;
  etag: string;
  expiresAt: number;
}

export interface CatalogCacheOptions {
  /**
   * The longest an answer is reused even when nothing changed. Answers carry signed song URLs; this
   * keeps every URL handed out with most of its lifetime left.
   */
  maxAgeMs: (c: AppContext) => number;
  /** Distinct queries kept (searches make the key space open-ended); the oldest goes first. */
  maxEntries?: number;
}

export interface CatalogCache {
  /**
   * The JSON answer for `key`: the cached one while the catalogue's version is unchanged and it is younger
   * than maxAgeMs, else `build()`'s (concurrent misses share one build). A matching If-None-Match is a 304.
   */
  answer(c: AppContext, key: string, build: () => Promise<unknown>): Promise<Response>;
}

/**
 * A per-process cache of catalogue answers, checked against the version row on every request: one
 * primary-key read instead of the page's four queries, and correct with any number of processes on one
 * database, because the version row is the database's own and every write the catalogue shows raises it.
 */
export function createCatalogCache(options: CatalogCacheOptions): CatalogCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  const maxEntries = options.maxEntries ?? 256;

  const fill = async (key: string, version: string, now: number, maxAgeMs: number, build: () => Promise<unknown>) => {
    const text = JSON.stringify({ data: await build() });
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    const entry: Entry = { version, text, etag: `"c${version}-${hash}"`, expiresAt: now + maxAgeMs };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  };

  return {
    async answer(c, key, build) {
      const version = await readCatalogVersion(c.var.db);
      const now = c.var.clock.now().getTime();
      let entry = entries.get(key);
      if (!entry || entry.version !== version || entry.expiresAt <= now) {
        const flightKey = `${version}\u0000${key}`;
        let flight = building.get(flightKey);
        if (!flight) {
          flight = fill(key, version, now, options.maxAgeMs(c), build).finally(() => building.delete(flightKey));
          building.set(flightKey, flight);
        }
        entry = await flight;
      }
      // Public data: a browser may keep it, but asks again each time (no-cache), and gets a 304 if unchanged.
      const headers = { ETag: entry.etag, 'Cache-Control': 'no-cache' };
      const ifNoneMatch = c.req.header('if-none-match');
      if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
        return c.body(null, 304, headers);
      }
      return c.body(entry.text, 200, { ...headers, 'Content-Type': 'application/json' });
    },
  };
}
