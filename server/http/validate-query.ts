import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono-openapi';
import type * as v from 'valibot';
import type { AppEnv } from '../context';
import { withFieldRules } from '../openapi/field-rules';
import { refuseIssues } from './validate-json';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** The first value of each name: a repeated parameter counts once, as it always has. */
function firstValues(query: unknown): Record<string, string> {
  const first: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(query as Record<string, string | string[]>)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one !== undefined) first[name] = one;
  }
  return first;
}

/**
 * Validates the query string (the first value of each name) like validateJson validates a body:
 * 422 `{message, errors}` for parameters the schema refuses. Handlers read `c.req.valid('query')`.
 * The schema also becomes the operation's query parameters in /api/openapi.json.
 */
export function validateQuery<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  return validator('query', withFieldRules(schema, firstValues), refuseIssues) as MiddlewareHandler<
    AppEnv,
    string,
    { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }
  >;
}
