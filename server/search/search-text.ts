import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from '../db/schema';

// What the admin's searches share: how a fragment becomes a pattern, and which database answers.

/** Trigram indexes (FTS5's trigram tokenizer, pg_trgm) match fragments of at least this many characters. */
export { MIN_INDEXED_SEARCH } from '../../contracts/operations';

/** `%text%` for LIKE, lower-cased, with the wildcards in the text itself escaped. */
export const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** An FTS5 string: the text in double quotes, its own double quotes doubled. */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The two dialects index text differently (migration 0012): the database in use says which. */
export const isPostgres = (db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;
