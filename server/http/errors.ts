import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import type { Logger } from '../services/logger';
import { ApiError } from './api-error';
import { fail } from './envelope';

const messageForStatus: Partial<Record<number, string>> = {
  400: serverMessages.badRequest,
  401: serverMessages.unauthenticated,
  403: serverMessages.forbidden,
  404: serverMessages.notFound,
  405: serverMessages.methodNotAllowed,
  413: serverMessages.payloadTooLarge,
  415: serverMessages.unsupportedMediaType,
  429: serverMessages.tooManyRequests,
};

const abortCodes = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'UND_ERR_ABORTED']);

/** Reading the body failed because the client went away (aborted upload, closed tab, dropped network). */
function isClientAbort(c: { req: { raw: Request } }, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return (
    error.name === 'AbortError' || (typeof code === 'string' && abortCodes.has(code)) || error.message === 'aborted'
  );
}

/** Every thrown error becomes the JSON envelope; a 500 is logged with its stack and answered without it. */
export function createErrorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return fail(c, error.status, error.message, error.errors);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return fail(c, status, messageForStatus[status] ?? serverMessages.badRequest);
    }
    if (isClientAbort(c, error)) {
      // The client hung up while sending its body: its doing, not a fault of ours (no stack).
      logger.warn('request body aborted by the client', { method: c.req.method, path: c.req.path, status: 400 });
      return fail(c, 400, serverMessages.badRequest);
    }
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    return fail(c, 500, serverMessages.serverError);
  };
}

export const notFound: NotFoundHandler<AppEnv> = (c) => fail(c, 404, serverMessages.routeNotFound);
