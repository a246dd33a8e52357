// What an uploaded file is, decided by its first bytes (never by the client's name or Content-Type).
import { fileTypeFromBuffer } from 'file-type';
import { isAudioOnlyMp4 } from './mp4-tracks';
import { isAudioOnlyWebm } from './webm-tracks';

/** `document`: a PDF, taken only as an order message's attachment. */
export type FileFamily = 'audio' | 'image' | 'document';

export interface FileType {
  family: FileFamily;
  mime: string;
  /** The extension the server gives the stored file. */
  ext: string;
}

/** Bytes to look at: file-type's own sample size (4100), enough for every format below and a WebM's track list. */
export const SNIFF_BYTES = 4100;

const mp3: FileType = { family: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
const wav: FileType = { family: 'audio', mime: 'audio/wav', ext: 'wav' };
const ogg: FileType = { family: 'audio', mime: 'audio/ogg', ext: 'ogg' };
const flac: FileType = { family: 'audio', mime: 'audio/flac', ext: 'flac' };
const m4a: FileType = { family: 'audio', mime: 'audio/mp4', ext: 'm4a' };
const webm: FileType = { family: 'audio', mime: 'audio/webm', ext: 'webm' };
const jpg: FileType = { family: 'image', mime: 'image/jpeg', ext: 'jpg' };
const png: FileType = { family: 'image', mime: 'image/png', ext: 'png' };
const webp: FileType = { family: 'image', mime: 'image/webp', ext: 'webp' };
const pdf: FileType = { family: 'document', mime: 'application/pdf', ext: 'pdf' };

// file-type's extension → what the server takes it as. Absent means refused: HEIC, MOV, Ogg video, APNG,
// and everything else. An MP4 is audio when its major brand is M4A, or when its tracks are all sound.
const accepted: Record<string, FileType> = {
  mp3,
  wav,
  ogg,
  opus: ogg,
  oga: ogg,
  flac,
  m4a,
  webm,
  jpg,
  png,
  webp,
  pdf,
};

/** The type of a file from its first bytes, or undefined for anything not on the list. */
export async function sniffFileType(head: Uint8Array): Promise<FileType | undefined> {
  const found = await fileTypeFromBuffer(head);
  // A general-brand MP4 (what Safari records voice into) is a song only if every track is sound.
  if (found?.ext === 'mp4') return isAudioOnlyMp4(head) ? m4a : undefined;
  const type = found && Object.hasOwn(accepted, found.ext) ? accepted[found.ext] : undefined;
  // file-type names every WebM video/webm; a song must carry sound and nothing else.
  if (type === webm && !isAudioOnlyWebm(head)) return undefined;
  return type;
}

/** Every extension the server writes, with its mime type (serving reads the type back from the name). */
export const mimeOfExtension: Record<string, string> = Object.fromEntries(
  Object.values(accepted).map((type) => [type.ext, type.mime]),
);
