import type { AuthUser, LoginAnswer } from '../../contracts/account';
import type { DeactivateBody, DeactivationPreview } from '../../contracts/account-care';
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
    /** What deactivating now would leave behind: the paid orders in progress. */
    deactivation: () => call(() => data(http.get('profile/deactivation').json<ApiSuccess<DeactivationPreview>>())),
    deactivate: (body: DeactivateBody) =>
      call(() => http.patch('profile/deactivate', { json: body }).json<{ message: string }>()),
  };
}
