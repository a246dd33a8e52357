import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What requests without a socket (app.request() in tests) count as: one shared client. */
export const UNKNOWN_CLIENT = 'unknown-client';

/** The client's address for rate limits: X-Forwarded-For is believed only behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}
