import type { MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { issuesToFieldErrors } from '../../contracts/auth';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { ApiError } from './api-error';

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/**
 * Parses and validates a JSON body: 415 without a JSON Content-Type, 400 for malformed JSON,
 * 422 `{message, errors}` for a body the schema refuses. Handlers read the result with `c.req.valid('json')`.
 */
export function validateJson<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!jsonMediaType.test(mediaType)) throw new ApiError(415, serverMessages.unsupportedMediaType);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch (error) {
      // Only a parse failure is the client's fault; a broken read stays a server-side error.
      if (!(error instanceof SyntaxError)) throw error;
      throw new ApiError(400, serverMessages.malformedJson);
    }
    // One message per field (the first rule it breaks), as the forms show them.
    const result = await v.safeParseAsync(schema, body, { abortPipeEarly: true });
    if (!result.success) {
      throw new ApiError(422, serverMessages.validationFailed, issuesToFieldErrors(result.issues));
    }
    c.req.addValidatedData('json', result.output as object);
    await next();
  };
}
