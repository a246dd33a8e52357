import type { ApiSuccess } from '../../contracts/http';
import type { MailPreferences } from '../../contracts/mail';
import { call } from './call';
import type { Http } from './client';

/** GET/PATCH /mail-preferences of the customer or artist area. */
export function mailPreferencesApi(http: Http) {
  return {
    get: () =>
      call(() =>
        http
          .get('mail-preferences')
          .json<ApiSuccess<MailPreferences>>()
          .then((b) => b.data),
      ),
    save: (body: MailPreferences) =>
      call(() =>
        http
          .patch('mail-preferences', { json: body })
          .json<ApiSuccess<MailPreferences>>()
          .then((b) => b.data),
      ),
  };
}
