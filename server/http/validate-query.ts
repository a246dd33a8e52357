import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { issuesToFieldErrors } from '../../contracts/auth';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { ApiError } from './api-error';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/**
 * Validates the query string (the first value of each name) like validateJson validates a body:
 * 422 `{message, errors}` for parameters the schema refuses. Handlers read `c.req.valid('query')`.
 */
export function validateQuery<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  return async (c, next) => {
    const query: Record<string, string> = Object.create(null);
    for (const [name, values] of Object.entries(c.req.queries())) {
      const first = values[0];
      if (first !== undefined) query[name] = first;
    }
    const result = await v.safeParseAsync(schema, query, { abortPipeEarly: true });
    if (!result.success) {
      throw new ApiError(422, serverMessages.validationFailed, issuesToFieldErrors(result.issues));
    }
    c.req.addValidatedData('query', result.output as object);
    await next();
  };
}
