// Whether an MP4 file is sound only. Recorders write MP4 under general brands (isom, iso5, mp42…) for
// sound and video alike: Safari's MediaRecorder falls back to audio/mp4 for voice clips. Every track's
// handler (`hdlr`: 'soun', 'vide', …) inside `moov` tells them apart.

/** Boxes whose payload is more boxes, on the way from the top level to each track's handler. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia']);

const typeAt = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const u32At = (bytes: Uint8Array, at: number) =>
  (((bytes[at] as number) << 24) |
    ((bytes[at + 1] as number) << 16) |
    ((bytes[at + 2] as number) << 8) |
    (bytes[at + 3] as number)) >>>
  0;

/**
 * The handler types of the tracks in the boxes between `start` and `end`, or undefined when a box is
 * malformed or `moov` is not complete within these bytes (then nothing can be said).
 */
function handlersIn(bytes: Uint8Array, start: number, end: number, found: string[]): string[] | undefined {
  let at = start;
  while (at + 8 <= end) {
    const size = u32At(bytes, at);
    const type = typeAt(bytes, at + 4);
    // 0 (to the end of the file) and 1 (a 64-bit size) only suit media data, never the boxes read here.
    if (size < 8) return type === 'moov' || CONTAINERS.has(type) ? undefined : found;
    if (at + size > end) return type === 'moov' || CONTAINERS.has(type) ? undefined : found;
    if (CONTAINERS.has(type)) {
      if (!handlersIn(bytes, at + 8, at + size, found)) return undefined;
      if (type === 'moov') return found;
    } else if (type === 'hdlr' && size >= 20) {
      // Full box: version and flags (4), pre_defined (4), then the handler type.
      found.push(typeAt(bytes, at + 16));
    }
    at += size;
  }
  return found;
}

/** True when the first bytes hold a complete `moov` whose every track is sound, and there is one. */
export function isAudioOnlyMp4(head: Uint8Array): boolean {
  let at = 0;
  while (at + 8 <= head.length) {
    const size = u32At(head, at);
    if (typeAt(head, at + 4) === 'moov') {
      if (size < 8 || at + size > head.length) return false;
      const handlers = handlersIn(head, at + 8, at + size, []);
      return !!handlers && handlers.length > 0 && handlers.every((handler) => handler === 'soun');
    }
    if (size < 8) return false;
    at += size;
  }
  return false;
}
