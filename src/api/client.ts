import ky, { type KyInstance } from 'ky';
import type { UserType } from '../../contracts/auth';
import { specMessages } from '../../contracts/messages';

export interface ClientDeps {
  /** The stored user type (SPEC §6): it picks the API base. */
  getUserType: () => string | null;
  getToken: () => string | null;
  /** Called on every 401; the error still reaches the caller (SPEC §8). */
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

/** A ky instance for an API base with the SPEC §7 headers, the bearer token and the 401 hook. No timeout. */
export function createClient(base: string, deps: Pick<ClientDeps, 'getToken' | 'onUnauthorized'>): KyInstance {
  return ky.create({
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
  });
}

/** The user/artist API: the base follows the stored user type at the moment of each call. */
export function createApi(deps: ClientDeps) {
  return {
    /** Throws 'Invalid user type. Use "user" or "artist".' when the stored type is neither. */
    current(): KyInstance {
      return createClient(apiBaseFor(deps.getUserType()), deps);
    },
    for(userType: UserType): KyInstance {
      return createClient(apiBaseFor(userType), deps);
    },
  };
}
export type Api = ReturnType<typeof createApi>;
