// Whether a WebM file is sound only: its Tracks element lists every track's type (1 video, 2 audio).

// Element ids as written in the file (length-marker bits kept).
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const AUDIO_TRACK = 2;
const CONTAINERS = new Set([SEGMENT, TRACKS, TRACK_ENTRY]);

interface Vint {
  value: number;
  length: number;
  /** All value bits set: a size the writer did not know (a live recording's Segment). */
  unknown: boolean;
}

/** An EBML variable-length integer at `at`, or undefined when it is malformed or cut off. */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  const marked = first & (0xff >> length);
  let value = keepMarker ? first : marked;
  let unknown = marked === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    unknown &&= byte === 0xff;
  }
  return { value, length, unknown };
}

/** The track types a WebM head declares, or undefined when its Tracks element does not end within the head. */
export function webmTrackTypes(head: Uint8Array): number[] | undefined {
  const types: number[] = [];
  let complete = false;
  const walk = (from: number, to: number): void => {
    let at = from;
    while (at < to && !complete) {
      const id = readVint(head, at, true);
      const size = id && readVint(head, at + id.length, false);
      if (!id || !size) return;
      const start = at + id.length + size.length;
      const end = size.unknown ? to : start + size.value;
      if (id.value === TRACK_TYPE && end <= head.length) {
        types.push(head.subarray(start, end).reduce((n, byte) => n * 256 + byte, 0));
      } else if (CONTAINERS.has(id.value)) {
        walk(start, Math.min(end, to));
        if (id.value === TRACKS && end <= head.length) complete = true;
      }
      at = end;
    }
  };
  walk(0, head.length);
  return complete ? types : undefined;
}

/** True when the head declares at least one track and every track is audio. */
export const isAudioOnlyWebm = (head: Uint8Array): boolean => {
  const types = webmTrackTypes(head);
  return types !== undefined && types.length > 0 && types.every((type) => type === AUDIO_TRACK);
};
