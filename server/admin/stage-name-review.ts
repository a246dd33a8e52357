import type * as v from 'valibot';
import { notificationTexts } from '../../contracts/notifications';
import { operationsMessages, type stageNameDecisionSchema } from '../../contracts/operations';
import { claimingStageName, clearedRequest } from '../artists/stage-names';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { applicationChange, publishCommitted } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';
import { artistByPublicId, toAdminArtist } from './artists.handlers';

// An approved artist's new stage name waits for an admin (server/artists/stage-names.ts). Approving
// makes it the name customers see (the catalogue and the order search follow users.stage_name through
// their triggers); rejecting keeps the old one. Either way the artist is told in the app.

type Decision = v.InferOutput<typeof stageNameDecisionSchema>;

/** POST /admin/artists/{id}/stage-name/approve and /reject, for the request the admin saw (`stage_name`). */
export async function decideStageName(c: AppContext, publicId: string, body: Decision, approve: boolean) {
  const { db, clock, hub } = c.var;
  const artist = await artistByPublicId(db, publicId);
  // Decided on what the admin saw: a request withdrawn or replaced since is looked at again (409).
  if (artist.pending_stage_name === null || artist.pending_stage_name !== body.stage_name) {
    throw new ApiError(409, operationsMessages.stageNameRequestChanged);
  }
  const now = clock.now();
  const at = now.toISOString();
  const name = artist.pending_stage_name;
  const result = await db.transaction().execute(async (trx) => {
    const changed = approve
      ? { ...clearedRequest(at), stage_name: name, stage_name_key: artist.pending_stage_name_key }
      : clearedRequest(at);
    const claimed = await claimingStageName(() =>
      trx
        .updateTable('users')
        .set(changed)
        .where('id', '=', artist.id)
        .where('pending_stage_name', '=', name)
        .returning('id')
        .executeTakeFirst(),
    );
    if (!claimed) throw new ApiError(409, operationsMessages.stageNameRequestChanged);
    const type = approve ? 'stage_name_approved' : 'stage_name_rejected';
    const text = notificationTexts[type]({
      reference: '',
      occasion: '',
      recipient: '',
      artist: approve ? name : (artist.stage_name ?? ''),
    });
    const notified = await insertNotifications(
      trx,
      [{ userId: artist.id, type, title: text.title, body: text.body, orderId: null }],
      at,
    );
    // The artist's profile and every admin's artists list show the request: they reload.
    return { notified, changes: await applicationChange(trx, artist.id, 'approved') };
  });
  publishCommitted(hub, result);
  return ok(
    c,
    toAdminArtist(await artistByPublicId(db, publicId)),
    approve ? operationsMessages.stageNameApproved : operationsMessages.stageNameRejected,
  );
}
