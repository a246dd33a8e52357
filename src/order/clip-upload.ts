import type { TempOrderClip } from '../../contracts/order';
import type { SessionActor } from '../actors/app-actors';
import { xhrUpload } from '../api/upload';

/** POST /api/v1/user/temp-order/upload (multipart `file`) with progress: the story's clips and voice messages. */
export function clipUploadActor(session: SessionActor) {
  return xhrUpload(() => ({
    url: '/api/v1/user/temp-order/upload',
    field: 'file',
    getToken: () => session.getSnapshot().context.token,
    onUnauthorized: () => session.send({ type: 'http.unauthorized', checkoutPending: false, routeName: 'order.story' }),
  }));
}

/** The upload's answer, when it has the shape the story needs. */
export function uploadedClip(result: unknown): TempOrderClip | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Partial<TempOrderClip>;
  return typeof r.temp_location === 'string' && typeof r.url === 'string' ? (r as TempOrderClip) : null;
}

/** Largest clip the server takes (CLIP_MAX_BYTES): refused here before a byte is sent. */
export const CLIP_MAX_BYTES = 25 * 1024 * 1024;
