import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type * as v from 'valibot';
import type { Page } from '../../contracts/lifecycle';
import { notificationTexts } from '../../contracts/notifications';
import {
  type AdminArtist,
  type adminArtistsQuerySchema,
  type artistStatusChangeSchema,
  operationsMessages,
} from '../../contracts/operations';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { releaseArtistWork } from '../lifecycle/artist-departure';
import { enqueueMail } from '../mail/queue';
import { insertNotifications } from '../notifications/notifications.repository';
import { artistMatches } from '../search/artist-search';
import { MEDIA_PREFIX } from '../users/auth-user';

// The admin's artists page (`/api/v1/admin/artists`): every artist account with its status, a search,
// and suspending (no sign-in, no catalogue, open work released) and reactivating, each with a reason.

function artistsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('artist_status_changes')
        .select('reason')
        .whereRef('artist_status_changes.artist_id', '=', 'users.id')
        .orderBy('artist_status_changes.id', 'desc')
        .limit(1)
        .as('last_reason'),
    )
    .where('users.type', '=', 'artist');
}

type ArtistRow = UserRow & { last_reason: string | null };

export const toAdminArtist = (u: ArtistRow): AdminArtist => ({
  id: u.id,
  user_id: u.user_id,
  stage_name: u.stage_name,
  name: [u.first_name, u.last_name].filter(Boolean).join(' '),
  email: u.email,
  avatar: u.avatar_path ? `${MEDIA_PREFIX}${u.avatar_path}` : null,
  app_status: u.app_status,
  status: u.deactivated_at !== null ? 'deactivated' : u.suspended_at !== null ? 'suspended' : 'active',
  is_online: u.is_online === 1,
  suspended_at: u.suspended_at,
  last_reason: u.last_reason,
  pending_stage_name: u.pending_stage_name,
  pending_stage_name_at: u.pending_stage_name_at,
});

/** GET /artists?q=&status=: oldest account first, keyset on id (users_type_id and its kin, migration 0012). */
export async function listArtists(c: AppContext, query: v.InferOutput<typeof adminArtistsQuerySchema>) {
  let q = artistsQuery(c.var.db);
  if (query.q) q = q.where(artistMatches(c.var.db, query.q));
  if (query.status === 'active') {
    q = q
      .where('users.app_status', '=', 'approved')
      .where('users.suspended_at', 'is', null)
      .where('users.deactivated_at', 'is', null);
  } else if (query.status === 'suspended') {
    q = q.where('users.suspended_at', 'is not', null);
  } else if (query.status === 'stage_name') {
    // Partial index users_pending_stage_names (0021): only the few artists with a request.
    q = q.where('users.pending_stage_name_key', 'is not', null);
  }
  if (query.cursor) q = q.where('users.id', '>', Number(query.cursor));
  const rows = (await q
    .orderBy('users.id')
    .limit(query.limit + 1)
    .execute()) as ArtistRow[];
  const items = rows.slice(0, query.limit);
  const body: Page<AdminArtist> = {
    items: items.map(toAdminArtist),
    next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null,
  };
  return ok(c, body);
}

export async function artistByPublicId(db: Kysely<DB>, publicId: string): Promise<ArtistRow> {
  const row = (await artistsQuery(db).where('users.user_id', '=', publicId).executeTakeFirst()) as
    | ArtistRow
    | undefined;
  if (!row) throw new ApiError(404, operationsMessages.artistNotFound);
  return row;
}

type StatusChange = v.InferOutput<typeof artistStatusChangeSchema>;

/**
 * POST /artists/{id}/suspend: the artist goes offline, leaves the catalogue, cannot sign in, and every
 * token they hold stops working (token_version); their open offers are withdrawn and the work they
 * took goes back to the customers (needs_artist), all in one transaction.
 */
export async function suspendArtist(c: AppContext, publicId: string, body: StatusChange) {
  const { db, clock, hub } = c.var;
  const adminId = currentAuth(c).user.id;
  const artist = await artistByPublicId(db, publicId);
  if (artist.deactivated_at !== null) throw new ApiError(409, operationsMessages.deactivatedArtist);
  const now = clock.now();
  const at = now.toISOString();
  const notified = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ suspended_at: at, is_online: 0, token_version: sql<number>`token_version + 1`, updated_at: at })
      .where('id', '=', artist.id)
      .where('suspended_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(409, operationsMessages.alreadySuspended);
    await trx
      .insertInto('artist_status_changes')
      .values({ artist_id: artist.id, action: 'suspended', reason: body.reason, admin_id: adminId, created_at: at })
      .execute();
    const released = await releaseArtistWork(trx, {
      artistId: artist.id,
      role: 'admin',
      actorId: adminId,
      at: now,
      reason: body.reason,
    });
    // Mailed with the reason: a suspended artist cannot sign in to read the bell.
    await enqueueMail(
      trx,
      { userId: artist.id },
      {
        kind: 'artist_suspended',
        data: { reason: body.reason },
        key: `artist_suspended:user${artist.id}:${at}`,
        at: now,
      },
    );
    const text = notificationTexts.artist_suspended({ reference: '', occasion: '', recipient: '' });
    const told = await insertNotifications(
      trx,
      [{ userId: artist.id, type: 'artist_suspended', title: text.title, body: text.body, orderId: null }],
      at,
    );
    return [...released, ...told];
  });
  hub.publish([...new Set(notified)]);
  return ok(c, toAdminArtist(await artistByPublicId(db, publicId)), operationsMessages.suspended);
}

/** POST /artists/{id}/reactivate: the artist may sign in again; they go online themselves. */
export async function reactivateArtist(c: AppContext, publicId: string, body: StatusChange) {
  const { db, clock, hub } = c.var;
  const adminId = currentAuth(c).user.id;
  const artist = await artistByPublicId(db, publicId);
  const now = clock.now();
  const at = now.toISOString();
  const notified = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ suspended_at: null, updated_at: at })
      .where('id', '=', artist.id)
      .where('suspended_at', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(409, operationsMessages.notSuspended);
    await trx
      .insertInto('artist_status_changes')
      .values({ artist_id: artist.id, action: 'reactivated', reason: body.reason, admin_id: adminId, created_at: at })
      .execute();
    // Mailed with the reason, and in the bell: they stay offline until they go online themselves.
    await enqueueMail(
      trx,
      { userId: artist.id },
      {
        kind: 'artist_reactivated',
        data: { reason: body.reason },
        key: `artist_reactivated:user${artist.id}:${at}`,
        at: now,
      },
    );
    const text = notificationTexts.artist_reactivated({ reference: '', occasion: '', recipient: '' });
    return insertNotifications(
      trx,
      [{ userId: artist.id, type: 'artist_reactivated', title: text.title, body: text.body, orderId: null }],
      at,
    );
  });
  hub.publish(notified);
  return ok(c, toAdminArtist(await artistByPublicId(db, publicId)), operationsMessages.reactivated);
}
