import type { KyInstance, Options } from 'ky';
import type { UserType } from '../../contracts/account';
import { specMessages } from '../../contracts/messages';

export interface ClientDeps {
  /** The stored user type (docs/product.md §6): it picks the API base. */
  getUserType: () => string | null;
  getToken: () => string | null;
  /** Called on every 401; the error still reaches the caller (docs/product.md §8). */
  onUnauthorized: () => void;
}

const bases: Record<UserType, string> = {
  user: '/api/v1/user/',
  artist: '/api/v1/artist/',
};

export function apiBaseFor(userType: string | null): string {
  if (userType === 'user' || userType === 'artist') return bases[userType];
  throw new Error(specMessages.invalidUserType);
}

function origin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/** The calls the app makes: ky's own, with the JSON body of the answer (ky's `''` for an empty one). */
type Verb = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type HttpCall = Promise<Response> & { json: <T = unknown>() => Promise<T> };
export type Http = Record<Verb, (url: string, options?: Options) => HttpCall>;

// ky is fetched with the first call, not with the page: a first visit to / makes none (issue "Fast on a
// phone"). One import serves every client.
let kyModule: Promise<typeof import('ky')> | undefined;
const loadKy = () => {
  kyModule ??= import('ky');
  return kyModule;
};

/** An HTTP client whose ky instance is made on its first call; each call starts at once, as ky's does. */
function lazyHttp(create: (ky: typeof import('ky')['default']) => KyInstance): Http {
  let instance: Promise<KyInstance> | undefined;
  const client = () => {
    instance ??= loadKy().then(({ default: ky }) => create(ky));
    return instance;
  };
  const verb =
    (method: Verb) =>
    (url: string, options?: Options): HttpCall => {
      // Wrapped in an object: awaiting ky's response promise itself would drop its `.json()`.
      const sent = client().then((ky) => ({ call: ky[method](url, options) }));
      const response = sent.then(({ call }) => call);
      // A caller that reads only `.json()` handles the failure there; this promise must not report it again.
      response.catch(() => {});
      return Object.assign(response, { json: <T>() => sent.then(({ call }) => call.json<T>()) });
    };
  return { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') };
}

/** A client for an API base with the docs/product.md §7 headers, the bearer token and the 401 hook. No timeout. */
export function createClient(base: string, deps: Pick<ClientDeps, 'getToken' | 'onUnauthorized'>): Http {
  return lazyHttp((ky) =>
    ky.create({
      prefixUrl: new URL(base, origin()).toString(),
      timeout: false,
      retry: 0,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      hooks: {
        beforeRequest: [
          (request) => {
            const token = deps.getToken();
            if (token) request.headers.set('Authorization', `Bearer ${token}`);
          },
        ],
        afterResponse: [
          (_request, _options, response) => {
            if (response.status === 401) deps.onUnauthorized();
          },
        ],
      },
    }),
  );
}

/** The user/artist API: the base follows the stored user type at the moment of each call. */
export function createApi(deps: ClientDeps) {
  return {
    /** Throws 'Invalid user type. Use "user" or "artist".' when the stored type is neither. */
    current(): Http {
      return createClient(apiBaseFor(deps.getUserType()), deps);
    },
    for(userType: UserType): Http {
      return createClient(apiBaseFor(userType), deps);
    },
  };
}
export type Api = ReturnType<typeof createApi>;
