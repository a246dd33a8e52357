import type { MiddlewareHandler } from 'hono';
import { pageBootHashSource } from './page-boot';

export const contentSecurityPolicy = [
  "default-src 'self'",
  // Inline script: only the prerendered pages' boot snippet, by its hash (server/http/page-boot.ts).
  `script-src 'self' ${pageBootHashSource}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Customers record voice clips for their story, so the microphone stays allowed for our own origin.
  'Permissions-Policy': 'camera=(), geolocation=(), microphone=(self), payment=(), usb=()',
};

/** A year, subdomains included: browsers then never try plain http on the public address. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** The headers for a server whose public address is `publicUrl`: HSTS only when it is https. */
function securityHeadersFor(publicUrl: string): Record<string, string> {
  return publicUrl.toLowerCase().startsWith('https://')
    ? { ...securityHeaders, 'Strict-Transport-Security': strictTransportSecurity }
    : securityHeaders;
}

/** Adds the security headers to every answer, including errors, 404s and static files. */
export function withSecurityHeaders(publicUrl: string): MiddlewareHandler {
  const headers = Object.entries(securityHeadersFor(publicUrl));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}

/**
 * API answers are per-user and must never be stored by a browser or proxy. The public catalogue says
 * otherwise itself (`no-cache` with an ETag, server/catalog/catalog-cache.ts): an answer that already
 * names its caching keeps it.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
