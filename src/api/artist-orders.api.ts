import type { ApiSuccess } from '../../contracts/http';
import type { ArtistOrder, ArtistStage, Page } from '../../contracts/lifecycle';
import { call } from './call';
import type { Http } from './client';

/** Orders per page on the artist's order screens ("Show more" asks for the next as many). */
const ORDER_PAGE_SIZE = 10;

/** POST (multipart `file`) with progress through xhrUpload: the recording before it is submitted. */
export const recordingUploadUrl = '/api/v1/artist/order/song/upload';

/** The artist's side of the order lifecycle (docs/api.md "Order lifecycle", artist table). */
export function artistOrdersApi(http: Http) {
  return {
    /** GET /orders?stage=: one page, sorted by the server by due date (needed-by for offers). */
    list: (stage: ArtistStage, cursor: string | null) =>
      call(async () => {
        const searchParams: Record<string, string> = { stage, limit: String(ORDER_PAGE_SIZE) };
        if (cursor) searchParams.cursor = cursor;
        return (await http.get('orders', { searchParams }).json<ApiSuccess<Page<ArtistOrder>>>()).data;
      }),
    /** POST /orders/{id}/accept → the server's message and the order, now in progress. */
    accept: (id: number) => call(() => http.post(`orders/${id}/accept`).json<ApiSuccess<ArtistOrder>>()),
    /** POST /orders/{id}/decline {reason} → the server's message. */
    decline: (id: number, reason: string) =>
      call(() => http.post(`orders/${id}/decline`, { json: { reason } }).json<ApiSuccess<null>>()),
    /** POST /orders/{id}/recording {temp_location, lyrics, human_made} → the message and the order. */
    submitRecording: (id: number, body: { temp_location: string; lyrics: string; human_made: boolean }) =>
      call(() => http.post(`orders/${id}/recording`, { json: body }).json<ApiSuccess<ArtistOrder>>()),
  };
}
