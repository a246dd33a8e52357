import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Clock, secondsOf } from '../services/clock';

/** Opaque keys of stored media (`artist_songs.source`, later clips and recordings): never a path. */
export const sourcePattern = /^[A-Za-z0-9_-]{8,64}$/;

export const AUDIO_PATH = '/media/audio/';

export interface MediaSigner {
  /** `/media/audio/<source>?exp=<unix seconds>&sig=<base64url HMAC>`, valid for the configured lifetime. */
  audioUrl(source: string): string;
  /** `exp=<unix seconds>&sig=<…>` for `source`, for a signed link outside /media/audio (an order message's attachment). */
  signedQuery(source: string): string;
  /** Seconds the signature has left (> 0), or null when it is malformed, forged, altered or expired. */
  remainingSeconds(source: string, exp: string | undefined, sig: string | undefined): number | null;
}

/**
 * HMAC-SHA256 over `<source>:<exp>` with a key derived from the JWT secret (its own label, so a
 * media signature can never stand in for anything else the secret signs). Stateless: every process
 * sharing the secret accepts every other's URLs.
 */
export function createMediaSigner(options: { jwtSecret: string; clock: Clock; ttlSeconds: number }): MediaSigner {
  const key = createHmac('sha256', options.jwtSecret).update('labsongs/media-url/v1').digest();
  const signatureOf = (source: string, exp: number) =>
    createHmac('sha256', key).update(`${source}:${exp}`).digest('base64url');

  const signedQuery = (source: string) => {
    if (!sourcePattern.test(source)) throw new Error('Not a media source key');
    const exp = secondsOf(options.clock.now()) + options.ttlSeconds;
    return `exp=${exp}&sig=${signatureOf(source, exp)}`;
  };

  return {
    signedQuery,
    audioUrl(source) {
      return `${AUDIO_PATH}${source}?${signedQuery(source)}`;
    },
    remainingSeconds(source, exp, sig) {
      if (
        !sourcePattern.test(source) ||
        !exp ||
        !/^[1-9]\d{0,11}$/.test(exp) ||
        !sig ||
        !/^[A-Za-z0-9_-]{43}$/.test(sig)
      ) {
        return null;
      }
      const expected = Buffer.from(signatureOf(source, Number(exp)));
      if (!timingSafeEqual(expected, Buffer.from(sig))) return null;
      const remaining = Number(exp) - secondsOf(options.clock.now());
      return remaining > 0 ? remaining : null;
    },
  };
}
