import Ajv2020 from 'ajv/dist/2020';
import type { Hono } from 'hono';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../../server/context';
import { type OpenApiDocument, openApiDocument } from '../../server/openapi/document';

/** What a test received: enough to find its operation and check its body. */
export interface ReceivedAnswer {
  method: string;
  /** Path with or without a query string. */
  url: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body; undefined when the answer is not JSON or empty. */
  body?: unknown;
}

interface Matcher {
  method: string;
  template: string;
  regex: RegExp;
  /** More fixed characters win: `/temp-order/upload` before `/temp-order/{id}`. */
  fixed: number;
}

type Json = Record<string, any>;

export interface AnswerChecker {
  document: OpenApiDocument;
  /** Undefined when the answer matches the document, else what is wrong, in words. */
  problemWith(answer: ReceivedAnswer): string | undefined;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function matchersOf(document: OpenApiDocument): Matcher[] {
  const matchers: Matcher[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const parameters = ((operation as Json).parameters ?? []) as Json[];
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return escapeRegex(part);
          const pattern = parameters.find((p) => p.in === 'path' && p.name === name)?.schema?.pattern as
            | string
            | undefined;
          // The route's own pattern (anchored in the document), else one segment.
          return pattern ? `(${pattern.replace(/^\^/, '').replace(/\$$/, '')})` : '([^/]+)';
        })
        .join('');
      matchers.push({
        method,
        template,
        regex: new RegExp(`^${source}$`),
        fixed: template.replace(/\{\w+\}/g, '').length,
      });
    }
  }
  return matchers.sort((a, b) => b.fixed - a.fixed);
}

const mediaOf = (contentType: string | null) => (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
const isJson = (media: string) => /^application\/([\w.-]+\+)?json$/.test(media);
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks answers against one document: the operation by method and path, the status, the JSON body. */
export function answerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document as object, 'openapi');
  const matchers = matchersOf(document);
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();

  return {
    document,
    problemWith(answer) {
      const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
      const path = new URL(answer.url, 'http://labsongs.test').pathname;
      const media = mediaOf(answer.contentType);
      const matcher = matchers.find((m) => m.method === method && m.regex.test(path));
      if (!matcher) {
        // Not a route at all: the app's own 404 envelope, which every address may answer.
        const body = answer.body as Json | undefined;
        if (answer.status === 404 && body?.message === serverMessages.routeNotFound) return undefined;
        // Pages and files outside /api that the document does not describe (the SPA's static files).
        if (!path.startsWith('/api/') && !matchers.some((m) => m.regex.test(path))) return undefined;
        return `${answer.method} ${path} answered ${answer.status}, but the document has no operation for it`;
      }
      const where = `${method.toUpperCase()} ${matcher.template} (${path})`;
      const responses = (document.paths as Json)[matcher.template][method].responses as Json;
      const response = responses[String(answer.status)] as Json | undefined;
      if (!response) {
        return `${where} answered ${answer.status}, which the document does not list (it lists ${Object.keys(responses).join(', ')}): ${JSON.stringify(answer.body)?.slice(0, 300)}`;
      }
      const content = (response.content ?? {}) as Json;
      if (!media) return undefined;
      // `audio/*` in the document covers `audio/wav`.
      const documented = Object.keys(content).find(
        (m) => m === media || (m.endsWith('/*') && media.startsWith(m.slice(0, -1))),
      );
      if (!documented) {
        return `${where} answered ${answer.status} as ${media}, but the document gives ${Object.keys(content).join(', ') || 'no body'}`;
      }
      if (!isJson(media) || answer.body === undefined || !content[documented].schema) return undefined;
      const ref = `openapi#/${pointer('paths', matcher.template, method, 'responses', String(answer.status), 'content', documented, 'schema')}`;
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        validators.set(ref, validate);
      }
      if (validate(answer.body)) return undefined;
      return (
        `${where} answered ${answer.status} with a body the document refuses: ` +
        `${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n  body: ${JSON.stringify(answer.body).slice(0, 600)}`
      );
    },
  };
}

// One document per set of routes: apps built with the same options share it (and its compiled checks).
const checkers = new Map<string, Promise<AnswerChecker>>();

export function checkerFor(app: Hono<AppEnv>): Promise<AnswerChecker> {
  const signature = app.routes.map((r) => `${r.method} ${r.path}`).join('\n');
  let checker = checkers.get(signature);
  if (!checker) {
    checker = openApiDocument(app).then(answerChecker);
    checkers.set(signature, checker);
  }
  return checker;
}

/** Fails the test (throws) when the answer does not match the app's document. */
export async function expectDocumented(app: Hono<AppEnv>, answer: ReceivedAnswer): Promise<void> {
  const problem = (await checkerFor(app)).problemWith(answer);
  if (problem) throw new Error(`Answer does not match /api/openapi.json: ${problem}`);
}
