import type { KyInstance } from 'ky';
import type { ApiSuccess } from '../../contracts/http';
import type { MailPreferences } from '../../contracts/mail';
import { call } from './call';

/** GET/PATCH /mail-preferences of the customer or artist area. */
export function mailPreferencesApi(http: KyInstance) {
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
