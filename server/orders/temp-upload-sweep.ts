import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { yieldToRequests } from '../services/batches';
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
  for (;;) {
    // Oldest first, in the order of index temp_uploads_sweep (attached_order_id, created_at): no sort.
    // A row this pass could not claim no longer matches, so the next batch starts past it.
    const candidates = await db
      .selectFrom('temp_uploads')
      .select('id')
      .where('attached_order_id', 'is', null)
      .where('created_at', '<=', cutoff)
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    let claimedAny = false;
    for (const { id } of candidates) {
      const claimed = await db
        .deleteFrom('temp_uploads')
        .where('id', '=', id)
        .where('attached_order_id', 'is', null)
        .returning('file_key')
        .executeTakeFirst();
      if (!claimed) continue;
      claimedAny = true;
      await storage.remove('clips', claimed.file_key);
      removed++;
    }
    if (candidates.length < BATCH || !claimedAny) return removed;
    await yieldToRequests();
  }
}
