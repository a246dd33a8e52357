import type { AuthUser, UserType } from '../../contracts/account';
import type { ApiSuccess } from '../../contracts/http';
import { call } from '../api/call';
import type { Http } from '../api/client';

/** POST (multipart `file`) and DELETE: the same path in the customer and the artist area. */
export const avatarUploadUrl = (area: UserType) => `/api/v1/${area}/profile/avatar`;

/** The profile photo calls that go through ky (the upload itself goes through xhrUpload for its progress). */
export function avatarApi(http: Http) {
  return {
    /** DELETE /profile/avatar: the user without a photo, and the server's message. */
    remove: () => call(() => http.delete('profile/avatar').json<ApiSuccess<AuthUser>>()),
  };
}
