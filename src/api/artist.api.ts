import type { AuthUser, LoginAnswer } from '../../contracts/account';
import type { DeactivateBody, DeactivationPreview } from '../../contracts/account-care';
import type {
  ArtistDashboard,
  ArtistInfoBody,
  ArtistProfile,
  ChangePasswordBody,
  PayoutBody,
  PayoutMasked,
  PersonalInfoBody,
} from '../../contracts/artist';
import type { ApiSuccess } from '../../contracts/http';
import type { OpenWork } from '../../contracts/operations';
import { call } from './call';
import type { Http } from './client';

/** The artist area of docs/product.md §7 (profile parts, songs, online switch) and docs/architecture.md §3 (dashboard). */
export function artistApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    profile: () => call(() => data(http.get('profile').json<ApiSuccess<ArtistProfile>>())),
    dashboard: () => call(() => data(http.get('dashboard').json<ApiSuccess<ArtistDashboard>>())),
    savePersonal: (body: PersonalInfoBody) =>
      call(() => data(http.patch('profile/personal', { json: body }).json<ApiSuccess<AuthUser>>())),
    saveArtistInfo: (body: ArtistInfoBody) =>
      call(() => data(http.patch('profile/artist-info', { json: body }).json<ApiSuccess<AuthUser>>())),
    /** The answer keeps the server's message: a changed account says it was mailed, or held for a check. */
    savePayout: (body: PayoutBody) =>
      call(() =>
        http
          .patch('profile/bank', { json: body })
          .json<ApiSuccess<{ user: AuthUser; payout: PayoutMasked }>>()
          .then((answer) => ({ ...answer.data, message: answer.message })),
      ),
    changePassword: (body: ChangePasswordBody) =>
      call(() => data(http.patch('profile/password', { json: body }).json<ApiSuccess<LoginAnswer>>())),
    setOnlineStatus: (status: 0 | 1) =>
      call(() => data(http.patch('profile/online-status', { json: { status } }).json<ApiSuccess<AuthUser>>())),
    setFeaturedSong: (source: string | null) =>
      call(() => data(http.patch('profile/featured-song', { json: { source } }).json<ApiSuccess<AuthUser>>())),
    deleteSong: (source: string) =>
      call(() => http.delete('profile/upload/song', { json: { source } }).json<{ message: string }>()),
    /** What deactivating would do to each open order. */
    openOrders: () =>
      call(() => data(http.get('profile/open-orders').json<ApiSuccess<{ items: OpenWork[] }>>()).then((d) => d.items)),
    /** What deactivating now would leave behind: open work and earnings still to be paid. */
    deactivation: () => call(() => data(http.get('profile/deactivation').json<ApiSuccess<DeactivationPreview>>())),
    deactivate: (body: DeactivateBody) =>
      call(() => http.patch('profile/deactivate', { json: body }).json<{ message: string }>()),
  };
}
