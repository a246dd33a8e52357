import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiFailure, ApiSuccess, FieldErrors } from '../../contracts/http';
import type { AppContext } from '../context';

/** `{message?, data}`: every successful API answer. */
export function ok<T>(c: AppContext, data: T, message?: string, status: ContentfulStatusCode = 200) {
  const body: ApiSuccess<T> = message === undefined ? { data } : { message, data };
  return c.json(body, status);
}

/** `{message, errors?}`: every failed API answer. */
export function fail(c: AppContext, status: ContentfulStatusCode, message: string, errors?: FieldErrors) {
  const body: ApiFailure = errors ? { message, errors } : { message };
  return c.json(body, status);
}
