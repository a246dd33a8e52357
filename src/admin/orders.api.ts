import type { ArtistListStatus } from '../../contracts/artist-list';
import type { ApiSuccess } from '../../contracts/http';
import type { AdminOrder, AdminPayout, AdminStage, Page } from '../../contracts/lifecycle';
import type { AdminArtist } from '../../contracts/operations';
import type { Http } from '../api/client';
import { createClient } from '../api/client';
import { toApiError } from '../api/errors';
import { adminApiBase } from './admin.api';
import { getAdminActors } from './admin-actors';

/** Runs a call and turns any failure into the ApiError shape the machines read. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** How many rows one "Show more" adds. */
export const ADMIN_PAGE_SIZE = 20;

export interface AdminOrdersQuery {
  stage?: AdminStage;
  /** An order reference (OR…): only that order. */
  transaction?: string;
  /** Part of a reference, a customer's email, or an artist's name or email. */
  q?: string;
  cursor?: string | null;
}

export interface AdminArtistsQuery {
  q?: string;
  status?: ArtistListStatus;
  cursor?: string | null;
  limit?: number;
}

export interface PayoutsQuery {
  status: 'pending' | 'paid';
  cursor?: string | null;
}

/** The envelope of an action: the server's message and the thing as it is now. */
export type ActionAnswer<T> = ApiSuccess<T>;

/** Query parameters without the empty ones (the server refuses unknown or blank filters). */
function params(query: Record<string, string | number | null | undefined>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] != null && entry[1] !== ''),
  );
}

/** The order lifecycle calls of the admin area (docs/api.md "Order lifecycle"). */
function adminOrdersApi(http: Http) {
  return {
    orders: (query: AdminOrdersQuery) =>
      call(
        async () =>
          (
            await http
              .get('orders', {
                searchParams: params({
                  stage: query.stage,
                  transaction: query.transaction,
                  q: query.q,
                  cursor: query.cursor,
                  limit: ADMIN_PAGE_SIZE,
                }),
              })
              .json<ApiSuccess<Page<AdminOrder>>>()
          ).data,
      ),
    order: (id: number) => call(async () => (await http.get(`orders/${id}`).json<ApiSuccess<AdminOrder>>()).data),
    validate: (id: number) => call(() => http.post(`orders/${id}/validate`).json<ActionAnswer<AdminOrder>>()),
    requestRevision: (id: number, notes: string) =>
      call(() => http.post(`orders/${id}/request-revision`, { json: { notes } }).json<ActionAnswer<AdminOrder>>()),
    cancel: (id: number, reason: string) =>
      call(() =>
        // An empty reason is left out: the reason is optional.
        http.post(`orders/${id}/cancel`, { json: reason ? { reason } : {} }).json<ActionAnswer<AdminOrder>>(),
      ),
    reassign: (id: number, artistId: string, reason: string) =>
      call(() =>
        http.post(`orders/${id}/reassign`, { json: { artist_id: artistId, reason } }).json<ActionAnswer<AdminOrder>>(),
      ),
    artists: (query: AdminArtistsQuery) =>
      call(
        async () =>
          (
            await http
              .get('artists', {
                searchParams: params({
                  q: query.q,
                  status: query.status,
                  cursor: query.cursor,
                  limit: query.limit ?? ADMIN_PAGE_SIZE,
                }),
              })
              .json<ApiSuccess<Page<AdminArtist>>>()
          ).data,
      ),
    changeArtistStatus: (publicId: string, action: 'suspend' | 'reactivate', reason: string) =>
      call(() => http.post(`artists/${publicId}/${action}`, { json: { reason } }).json<ActionAnswer<AdminArtist>>()),
    decideStageName: (publicId: string, decision: 'approve' | 'reject', stageName: string) =>
      call(() =>
        http
          .post(`artists/${publicId}/stage-name/${decision}`, { json: { stage_name: stageName } })
          .json<ActionAnswer<AdminArtist>>(),
      ),
    payouts: (query: PayoutsQuery) =>
      call(
        async () =>
          (
            await http
              .get('payouts', {
                searchParams: params({ status: query.status, cursor: query.cursor, limit: ADMIN_PAGE_SIZE }),
              })
              .json<ApiSuccess<Page<AdminPayout>>>()
          ).data,
      ),
    /** Approve or reject a payout account whose holder name is not the artist's legal name. */
    decideHolder: (publicId: string, decision: 'approve' | 'reject') =>
      call(() =>
        http
          .post(`artists/${publicId}/payout-account/${decision}`, { json: { reason: '' } })
          .json<ActionAnswer<{ artist_id: string; holder_review: 'approved' | 'rejected' }>>(),
      ),
    markPaid: (id: number, reference: string) =>
      call(() =>
        http
          .post(`payouts/${id}/mark-paid`, { json: reference ? { reference } : {} })
          .json<ActionAnswer<AdminPayout>>(),
      ),
  };
}

export type AdminOrdersApi = ReturnType<typeof adminOrdersApi>;

const bySession = new WeakMap<object, AdminOrdersApi>();

/**
 * The calls with the admin session's token; a 401 ends the admin session, as for the console's other
 * calls. One client per session (tests start a new session for each render).
 */
export function getAdminOrdersApi(): AdminOrdersApi {
  const { session } = getAdminActors();
  let api = bySession.get(session);
  if (!api) {
    api = adminOrdersApi(
      createClient(adminApiBase, {
        getToken: () => session.getSnapshot().context.token ?? null,
        onUnauthorized: () => session.send({ type: 'http.unauthorized' }),
      }),
    );
    bySession.set(session, api);
  }
  return api;
}
