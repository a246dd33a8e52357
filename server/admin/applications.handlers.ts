import type * as v from 'valibot';
import {
  type ApplicationPage,
  type applicationListQuerySchema,
  artistMessages,
  type rejectSchema,
} from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { findProfile, saveProfile } from '../artists/artists.repository';
import { listSongs } from '../artists/songs.repository';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { applicationChange, publishCommitted } from '../notifications/live-changes';
import { onApplicationDecided, recordApplicationApproved, recordApplicationRejected } from './application-review';
import { decideApplication, findArtist, hasPayout, listApplications } from './applications.repository';
import { toApplicationDetail, toApplicationSummary } from './applications.serializers';

type RejectInput = v.InferOutput<typeof rejectSchema>;
type ApplicationListQuery = v.InferOutput<typeof applicationListQuerySchema>;

const notFound = () => new ApiError(404, serverMessages.notFound);

async function detailOf(c: AppContext, user: UserRow) {
  const { db, media } = c.var;
  const [profile, songs, payoutComplete] = await Promise.all([
    findProfile(db, user.id),
    listSongs(db, user.id),
    hasPayout(db, user.id),
  ]);
  return toApplicationDetail({ user, profile, songs, payoutComplete }, media);
}

/** GET /applications?status=&cursor=&limit= (status default for_review): one page, newest first. */
export async function listApplicationsHandler(c: AppContext, query: ApplicationListQuery) {
  const { rows, nextCursor } = await listApplications(c.var.db, query.status, query);
  const body: ApplicationPage = {
    items: rows.map((row) => toApplicationSummary(row.user, row.profile)),
    next_cursor: nextCursor,
  };
  return ok(c, body);
}

export async function getApplication(c: AppContext, id: number) {
  const user = await findArtist(c.var.db, id);
  if (!user) throw notFound();
  return ok(c, await detailOf(c, user));
}

/** Decides a waiting application: 404 unknown, 409 when it is not `for_review`. */
async function decide(c: AppContext, id: number, to: 'approved' | 'rejected', reason: string | null) {
  const { db, clock } = c.var;
  const admin = currentAuth(c).user;
  const now = clock.now();
  const decided = await db.transaction().execute(async (trx) => {
    const user = await decideApplication(trx, id, to, now.toISOString());
    if (user) {
      await saveProfile(
        trx,
        id,
        { reviewed_at: now.toISOString(), reviewed_by: admin.id, rejection_reason: reason },
        now,
      );
      if (to === 'approved') await recordApplicationApproved(trx, user, now);
      else await recordApplicationRejected(trx, user, reason ?? '', now);
    }
    return user;
  });
  if (decided) return decided;
  if (!(await findArtist(db, id))) throw notFound();
  throw new ApiError(409, artistMessages.notForReview);
}

/** The decision reaches the artist's open screens (gate, menu, switch) and every admin's queue. */
async function publishDecision(c: AppContext, artist: UserRow, status: 'approved' | 'rejected') {
  publishCommitted(c.var.hub, { changes: await applicationChange(c.var.db, artist.id, status) });
}

export async function approveApplication(c: AppContext, id: number) {
  const artist = await decide(c, id, 'approved', null);
  onApplicationDecided(c, artist);
  await publishDecision(c, artist, 'approved');
  return ok(c, await detailOf(c, artist), artistMessages.applicationApproved);
}

export async function rejectApplication(c: AppContext, id: number, body: RejectInput) {
  const artist = await decide(c, id, 'rejected', body.reason);
  onApplicationDecided(c, artist);
  await publishDecision(c, artist, 'rejected');
  return ok(c, await detailOf(c, artist), artistMessages.applicationRejected);
}
