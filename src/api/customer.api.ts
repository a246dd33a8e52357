import type { AuthUser, LoginAnswer } from '../../contracts/account';
import type { ApiSuccess } from '../../contracts/http';
import { call } from './call';
import type { Http } from './client';

/** The customer's own account (user area). */
export function customerApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    updateProfile: (body: Record<string, string>) =>
      call(() => data(http.patch('profile', { json: body }).json<ApiSuccess<AuthUser>>())),
    changePassword: (body: Record<string, string>) =>
      call(() => data(http.patch('profile/password', { json: body }).json<ApiSuccess<LoginAnswer>>())),
    deactivate: () => call(() => http.patch('profile/deactivate').json<{ message: string }>()),
  };
}
