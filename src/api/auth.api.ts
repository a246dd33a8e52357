import type { AuthUser, LoginAnswer, RefreshAnswer } from '../../contracts/account';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '../../contracts/auth';
import type { ApiSuccess } from '../../contracts/http';
import { call } from './call';
import type { Http } from './client';

/** The auth calls of docs/product.md §7, against one API area (user or artist). */
export function authApi(http: Http) {
  return {
    login: (body: LoginBody) =>
      call(async () => (await http.post('auth/login', { json: body }).json<ApiSuccess<LoginAnswer>>()).data),
    me: () => call(async () => (await http.get('auth/me').json<ApiSuccess<AuthUser>>()).data),
    logout: () => call(() => http.post('auth/logout').json<{ message: string }>()),
    refresh: () =>
      call(async () => {
        const body = await http
          .post('auth/refresh')
          .json<ApiSuccess<{ token: string; user: AuthUser }> & { message: string }>();
        return { ...body.data, message: body.message } satisfies RefreshAnswer;
      }),
    /** Signs the new customer in: the answer is a login's. */
    register: (body: RegisterBody) =>
      call(async () => (await http.post('auth/register', { json: body }).json<ApiSuccess<LoginAnswer>>()).data),
    firstTimeLogin: () =>
      call(async () => (await http.patch('auth/first-time-login').json<ApiSuccess<AuthUser>>()).data),
    forgotPassword: (email: string) =>
      call(() => http.post('password/forgot', { json: { email } }).json<{ message: string }>()),
    resetPassword: (body: ResetPasswordBody) =>
      call(() => http.patch('password/reset', { json: body }).json<{ message: string }>()),
  };
}
