import { describeRoute, resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { failureSchema } from '../../contracts/api/envelope';

/** What one status answers: a JSON body (its schema), another media type, or no body. */
/** Several media types: a file that may be any of them (an order message's attachment). */
export type Answer = v.GenericSchema | { media: string | string[]; description?: string } | 'empty';

const statusText: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  206: 'Partial content',
  302: 'Found (redirect)',
  303: 'See other (redirect)',
  304: 'Not modified',
  400: 'Bad request',
  401: 'Not signed in, or the token is no longer valid',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  422: 'Validation failed: `errors` names each field',
  429: 'Too many requests',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export interface OperationSpec {
  summary: string;
  tags: string | string[];
  description?: string;
  /** A bearer token is needed: adds the security requirement and its 401 answer. */
  auth?: boolean;
  /** Each status the operation answers; failures are the `{message, errors?}` envelope unless said otherwise. */
  answers: Record<number, Answer>;
  /** Failure statuses answered with the envelope. */
  fails?: number[];
}

function responseOf(status: number, answer: Answer) {
  const description = (typeof answer === 'object' && 'media' in answer && answer.description) || statusText[status];
  if (answer === 'empty') return { description: description ?? String(status) };
  if ('media' in answer) {
    const media = typeof answer.media === 'string' ? [answer.media] : answer.media;
    return { description: description ?? String(status), content: Object.fromEntries(media.map((m) => [m, {}])) };
  }
  return {
    description: description ?? String(status),
    content: { 'application/json': { schema: resolver(answer) } },
  };
}

/**
 * The route's entry in /api/openapi.json (hono-openapi's describeRoute): summary, tag, security and every
 * status it answers. Request bodies and queries come from validateJson/validateQuery on the same route.
 */
export function operation(spec: OperationSpec) {
  const responses: Record<string, ReturnType<typeof responseOf>> = {};
  for (const [status, answer] of Object.entries(spec.answers)) responses[status] = responseOf(Number(status), answer);
  const failures = [...(spec.fails ?? []), ...(spec.auth ? [401] : [])];
  for (const status of failures) responses[status] ??= responseOf(status, failureSchema);
  return describeRoute({
    summary: spec.summary,
    tags: typeof spec.tags === 'string' ? [spec.tags] : spec.tags,
    ...(spec.description ? { description: spec.description } : {}),
    ...(spec.auth ? { security: [{ bearer: [] }] } : {}),
    responses,
  });
}
