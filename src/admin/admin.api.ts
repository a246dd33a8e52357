import type { AppStatus, AuthUser, LoginAnswer } from '../../contracts/account';
import type { ApplicationDetail, ApplicationPage } from '../../contracts/artist';
import type { ApiSuccess } from '../../contracts/http';
import type { Http } from '../api/client';
import { toApiError } from '../api/errors';

/** The admin area's base (docs/architecture.md §3): its own client and token key. */
export const adminApiBase = '/api/v1/admin/';

/** Runs a call and turns any failure into the ApiError shape the machines read. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** The admin console's calls. */
export function adminApi(http: Http) {
  return {
    login: (body: { email: string; password: string }) =>
      call(
        async () =>
          (await http.post('auth/login', { json: { ...body, remember: false } }).json<ApiSuccess<LoginAnswer>>()).data,
      ),
    me: () => call(async () => (await http.get('auth/me').json<ApiSuccess<AuthUser>>()).data),
    refresh: () => call(async () => (await http.post('auth/refresh').json<ApiSuccess<LoginAnswer>>()).data),
    logout: () => call(() => http.post('auth/logout').json<unknown>()),
    /** One page of one status's applications; a null cursor asks for the first. */
    applications: (query: { status: AppStatus; cursor: string | null; limit: number }) =>
      call(
        async () =>
          (
            await http
              .get('applications', {
                searchParams: {
                  status: query.status,
                  limit: query.limit,
                  ...(query.cursor ? { cursor: query.cursor } : {}),
                },
              })
              .json<ApiSuccess<ApplicationPage>>()
          ).data,
      ),
    application: (id: number) =>
      call(async () => (await http.get(`applications/${id}`).json<ApiSuccess<ApplicationDetail>>()).data),
    approve: (id: number) =>
      call(() => http.post(`applications/${id}/approve`).json<{ message?: string; data?: unknown }>()),
    reject: (id: number, reason: string) =>
      call(() =>
        http.post(`applications/${id}/reject`, { json: { reason } }).json<{ message?: string; data?: unknown }>(),
      ),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
