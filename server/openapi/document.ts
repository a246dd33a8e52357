import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import { failureSchema } from '../../contracts/api/envelope';
import type { AppEnv } from '../context';

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;
type Operation = NonNullable<NonNullable<OpenApiDocument['paths']>[string]>['get'] & object;
type Parameter = { in: string; name: string; schema?: Record<string, unknown> };

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `:id{[0-9]{1,9}}` → the regex each path parameter must match, by OpenAPI path and name. */
function parameterPatterns(app: Hono<AppEnv>): Map<string, string> {
  const patterns = new Map<string, string>();
  for (const route of app.routes) {
    const openApiPath = route.path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})+\})?\??/g, '{$1}');
    for (const match of route.path.matchAll(/:(\w+)\{((?:[^{}]|\{[^{}]*\})+)\}/g)) {
      patterns.set(`${openApiPath} ${match[1]}`, `^(?:${match[2]})$`);
    }
  }
  return patterns;
}

const failureContent = async () => ({
  'application/json': { schema: (await resolver(failureSchema).toOpenAPISchema()).schema },
});

/**
 * Rules every route keeps, written once here instead of on each route: a JSON body can be refused
 * (400 malformed, 413 too large, 415 not JSON, 422 fields); a validated query can be refused (422); a path
 * parameter carries the pattern its route accepts (anything else is not a route: 404).
 */
async function addCommonRules(document: OpenApiDocument, patterns: Map<string, string>): Promise<void> {
  const failure = { content: await failureContent() };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      operation.responses ??= {};
      const responses = operation.responses as Record<string, unknown>;
      const statuses: number[] = [];
      if (
        operation.requestBody &&
        'content' in operation.requestBody &&
        operation.requestBody.content['application/json']
      )
        statuses.push(400, 413, 415, 422);
      const parameters = (operation.parameters ?? []) as Parameter[];
      if (parameters.some((p) => p.in === 'query')) statuses.push(422);
      // Any operation may meet a fault of ours: a bare 500 envelope, never a stack.
      statuses.push(500);
      for (const status of statuses) responses[status] ??= { description: statusDescription[status] ?? '', ...failure };
      for (const parameter of parameters) {
        const pattern = patterns.get(`${path} ${parameter.name}`);
        if (parameter.in === 'path' && pattern) parameter.schema = { type: 'string', pattern };
      }
    }
  }
}

const statusDescription: Record<number, string> = {
  400: 'Malformed JSON',
  413: 'Body larger than 64 KB',
  415: 'Content-Type is not JSON',
  422: 'Validation failed: `errors` names each field with its first broken rule',
  500: 'Unexpected server error (logged; the answer carries no detail)',
};

const documentation = {
  info: {
    title: 'Labsongs API',
    version: '1',
    description:
      'Every answer is JSON `{message?, data}` on success and `{message, errors?}` on failure (docs/api.md). ' +
      'Signed-in calls send `Authorization: Bearer <token>`; each area (user, artist, admin) has its own accounts.',
  },
  components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
};

const documents = new WeakMap<Hono<AppEnv>, Promise<OpenApiDocument>>();

/** The OpenAPI 3.1 document of this app's routes, generated once per app from their schemas and descriptions. */
export function openApiDocument(app: Hono<AppEnv>): Promise<OpenApiDocument> {
  let document = documents.get(app);
  if (!document) {
    document = generateSpecs(app, {
      documentation,
      // Our 400/422 answers are the envelope (added above), not the library's default validation error.
      defaultValidationErrorResponse: false,
      // `/api/openapi.json` and `/exports/{file}` end in an extension and are routes all the same.
      excludeStaticFile: false,
    }).then(async (generated) => {
      await addCommonRules(generated, parameterPatterns(app));
      return generated;
    });
    documents.set(app, document);
  }
  return document;
}
