import * as v from 'valibot';
import { pageLimitMessage } from './field-messages';

// What every keyset-paged list takes: `limit` rows (1–50, default 10) after `cursor`, the `next_cursor`
// of the page before. Each cursor ends with the id of the last row sent.

/** Row ids are int4 on PostgreSQL (serial): a larger one names no row, and the database would refuse it. */
export const MAX_ROW_ID = 2_147_483_647;

export const invalidCursorMessage = 'Invalid cursor';

/** A cursor whose trailing id fits a row id (a 422 on `cursor`, never a database error). */
export const cursorIdInRange = v.check(
  (cursor: string) => Number(/(\d+)$/.exec(cursor)?.[1] ?? 0) <= MAX_ROW_ID,
  invalidCursorMessage,
);

/** A list whose cursor is the last row's id alone. */
export const idCursorSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,10}$/, invalidCursorMessage), cursorIdInRange),
);

export const pageLimitSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, pageLimitMessage),
    v.transform(Number),
    v.minValue(1, pageLimitMessage),
    v.maxValue(50, pageLimitMessage),
  ),
  '10',
);
