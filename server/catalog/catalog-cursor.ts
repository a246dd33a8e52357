import type { CatalogSort } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { ApiError } from '../http/api-error';

/**
 * Where a catalogue page ends: the last card's sort keys and users.id, the columns of that sort's ORDER BY
 * (catalog.repository.ts). Recommended: the lower-cased stage name. Price: the rate in centavos. Rating:
 * the shown rating in tenths of a star, then the number of ratings. Fastest: the turnaround in days.
 */
export type CatalogCursor =
  | { sort: 'recommended'; key: string; id: number }
  | { sort: 'price_asc' | 'price_desc'; rate: number; id: number }
  | { sort: 'rating'; tenths: number; count: number; id: number }
  | { sort: 'fastest'; days: number; id: number };

/**
 * Opaque to clients: base64url of a JSON array. Recommended keeps its first form, `[key, id]`, so a
 * page link made before the other sorts still works; the others name their sort first, so a cursor of
 * one sort is refused by another.
 */
export function encodeCursor(cursor: CatalogCursor): string {
  const parts =
    cursor.sort === 'recommended'
      ? [cursor.key, cursor.id]
      : cursor.sort === 'rating'
        ? [cursor.sort, cursor.tenths, cursor.count, cursor.id]
        : cursor.sort === 'fastest'
          ? [cursor.sort, cursor.days, cursor.id]
          : [cursor.sort, cursor.rate, cursor.id];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const count = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const rowId = (value: unknown): value is number => count(value) && (value as number) >= 1;

/** The cursor a client sent back for this sort; 422 on `cursor` for anything this server did not make for it. */
export function decodeCursor(text: string, sort: CatalogSort = 'recommended'): CatalogCursor {
  const invalid = () => new ApiError(422, serverMessages.validationFailed, { cursor: ['Invalid cursor'] });
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value)) throw invalid();
  const v = value as unknown[];
  if (sort === 'recommended') {
    if (v.length === 2 && typeof v[0] === 'string' && rowId(v[1])) return { sort, key: v[0], id: v[1] };
  } else if (sort === 'rating') {
    if (v.length === 4 && v[0] === sort && count(v[1]) && (v[1] as number) <= 50 && count(v[2]) && rowId(v[3]))
      return { sort, tenths: v[1] as number, count: v[2] as number, id: v[3] };
  } else if (sort === 'fastest') {
    if (v.length === 3 && v[0] === sort && count(v[1]) && (v[1] as number) <= 1000 && rowId(v[2]))
      return { sort, days: v[1] as number, id: v[2] };
  } else if (v.length === 3 && v[0] === sort && count(v[1]) && rowId(v[2])) {
    return { sort, rate: v[1] as number, id: v[2] };
  }
  throw invalid();
}
