import type { EmailConfirmationState } from '../../contracts/email-confirmation';
import type { ApiSuccess } from '../../contracts/http';
import type { ConfirmationAnswer } from '../../machines/email-confirmation.machine';
import { call } from './call';
import type { Http } from './client';

/** The customer's email confirmation (user area; docs/api.md "Email confirmation"). */
export function emailConfirmationApi(http: Http) {
  return {
    /** The mailed link's token; no sign-in needed. */
    confirm: (token: string): Promise<ConfirmationAnswer> =>
      call(() =>
        http.post('email-confirmation/confirm', { json: { token } }).json<ApiSuccess<EmailConfirmationState>>(),
      ),
    state: (): Promise<ConfirmationAnswer> =>
      call(() => http.get('email-confirmation').json<ApiSuccess<EmailConfirmationState>>()),
    resend: () => call(() => http.post('email-confirmation/resend').json<{ message: string }>()),
  };
}
