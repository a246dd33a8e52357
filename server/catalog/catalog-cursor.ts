import { serverMessages } from '../../contracts/server-messages';
import { ApiError } from '../http/api-error';

/** Where a catalogue page ends: the last card's sort key (lower-cased stage name) and users.id. */
export interface CatalogCursor {
  key: string;
  id: number;
}

/** Opaque to clients: base64url of `[key, id]`. */
export const encodeCursor = (cursor: CatalogCursor): string =>
  Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');

/** The cursor a client sent back; 422 on `cursor` for anything this server did not make. */
export function decodeCursor(text: string): CatalogCursor {
  const invalid = () => new ApiError(422, serverMessages.validationFailed, { cursor: ['Invalid cursor'] });
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !Number.isSafeInteger(value[1]) ||
    value[1] < 1
  ) {
    throw invalid();
  }
  return { key: value[0], id: value[1] };
}
