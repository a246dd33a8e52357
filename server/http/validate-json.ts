import type { MiddlewareHandler } from 'hono';
import { uniqueSymbol, validator } from 'hono-openapi';
import type * as v from 'valibot';
import { issuesToFieldErrors } from '../../contracts/auth';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { withFieldRules } from '../openapi/field-rules';
import { ApiError } from './api-error';

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** 422 `{message, errors}` with one message per field: the answer of every refused body or query. */
export function refuseIssues(result: { success: boolean; error?: readonly unknown[] }): void {
  if (!result.success) {
    throw new ApiError(
      422,
      serverMessages.validationFailed,
      issuesToFieldErrors((result.error ?? []) as v.BaseIssue<unknown>[]),
    );
  }
}

/**
 * Parses and validates a JSON body: 415 without a JSON Content-Type, 400 for malformed JSON,
 * 422 `{message, errors}` for a body the schema refuses. Handlers read the result with `c.req.valid('json')`.
 * The schema also becomes the operation's request body in /api/openapi.json.
 */
export function validateJson<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  const validate = validator('json', withFieldRules(schema), refuseIssues) as unknown as MiddlewareHandler<AppEnv>;
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!jsonMediaType.test(mediaType)) throw new ApiError(415, serverMessages.unsupportedMediaType);
    try {
      // Read and parsed here so a broken body keeps our 400 message; the validator reuses the cached text.
      JSON.parse(await c.req.text());
    } catch (error) {
      // Only a parse failure is the client's fault; a broken read stays a server-side error.
      if (!(error instanceof SyntaxError)) throw error;
      throw new ApiError(400, serverMessages.malformedJson);
    }
    return validate(c, next);
  };
  // hono-openapi finds the request schema on the route's handlers by this key.
  return Object.assign(middleware, { [uniqueSymbol]: (validate as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}
