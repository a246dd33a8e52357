import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../services/clock';
import type { Storage } from '../services/storage';
import { uploadCutoff } from './temp-uploads.repository';

const BATCH = 200;

/**
 * Deletes temporary uploads older than 24 h that no committed order took, row first, then file.
 * Safe with several server processes: the conditional delete is the claim, so each file is removed by
 * exactly the one process whose delete returned its row; an upload a commit attaches in the meantime
 * no longer matches (`attached_order_id is null`) and stays. Answers how many it deleted.
 */
export async function sweepTempUploads(db: Kysely<DB>, storage: Storage, clock: Clock): Promise<number> {
  const cutoff = uploadCutoff(clock.now());
  let removed = 0;
  let afterId = 0;
  for (;;) {
    const candidates = await db
      .selectFrom('temp_uploads')
      .select('id')
      .where('attached_order_id', 'is', null)
      .where('created_at', '<=', cutoff)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const { id } of candidates) {
      afterId = id;
      const claimed = await db
        .deleteFrom('temp_uploads')
        .where('id', '=', id)
        .where('attached_order_id', 'is', null)
        .returning('file_key')
        .executeTakeFirst();
      if (!claimed) continue;
      await storage.remove('clips', claimed.file_key);
      removed++;
    }
    if (candidates.length < BATCH) return removed;
  }
}
