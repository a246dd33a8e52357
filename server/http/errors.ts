import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverMessages } from '../../contracts/messages';
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
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error });
    return fail(c, 500, serverMessages.serverError);
  };
}

export const notFound: NotFoundHandler<AppEnv> = (c) => fail(c, 404, serverMessages.routeNotFound);
