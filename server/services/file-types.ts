// What an uploaded file is, decided by its first bytes (never by the client's name or Content-Type).

export type FileFamily = 'audio' | 'image';

export interface FileType {
  family: FileFamily;
  mime: string;
  /** The extension the server gives the stored file. */
  ext: string;
}

/** Bytes to look at: enough for every signature below (WebP needs 12). */
export const SNIFF_BYTES = 16;

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;

const startsWith = (head: Buffer, bytes: number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** An MPEG audio frame header: 11 sync bits, and neither the version nor the layer is the reserved value. */
function isMpegFrame(head: Buffer): boolean {
  const [b0, b1] = head;
  if (b0 !== 0xff || b1 === undefined) return false;
  return (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0x00;
}

const signatures: { type: FileType; matches(head: Buffer): boolean }[] = [
  { type: { family: 'audio', mime: 'audio/mpeg', ext: 'mp3' }, matches: (h) => ascii(h, 0, 'ID3') || isMpegFrame(h) },
  {
    type: { family: 'audio', mime: 'audio/wav', ext: 'wav' },
    matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'),
  },
  { type: { family: 'audio', mime: 'audio/ogg', ext: 'ogg' }, matches: (h) => ascii(h, 0, 'OggS') },
  { type: { family: 'audio', mime: 'audio/flac', ext: 'flac' }, matches: (h) => ascii(h, 0, 'fLaC') },
  { type: { family: 'audio', mime: 'audio/mp4', ext: 'm4a' }, matches: (h) => ascii(h, 4, 'ftyp') },
  {
    type: { family: 'audio', mime: 'audio/webm', ext: 'webm' },
    matches: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  },
  { type: { family: 'image', mime: 'image/jpeg', ext: 'jpg' }, matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  {
    type: { family: 'image', mime: 'image/png', ext: 'png' },
    matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: { family: 'image', mime: 'image/webp', ext: 'webp' },
    matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  },
];

/** The type of a file from its first bytes, or undefined for anything not on the list. */
export function sniffFileType(head: Buffer): FileType | undefined {
  return signatures.find((s) => s.matches(head))?.type;
}

/** Every extension the server writes, with its mime type (serving reads the type back from the name). */
export const mimeOfExtension: Record<string, string> = Object.fromEntries(
  signatures.map((s) => [s.type.ext, s.type.mime]),
);
