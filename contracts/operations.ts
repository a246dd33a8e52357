import * as v from 'valibot';
import type { AppStatus } from './account';
import { artistListStatuses } from './artist-list';
import type { OrderStatus } from './order';
import { idCursorSchema, pageLimitSchema } from './paging';
import { linesInput, plainText } from './text';

// Operations (issue 13): an artist's open work when they leave, the admin's artists page with
// suspend and reactivate, and the admin's order search. Reassignment's body is in contracts/lifecycle.ts.

/** What happens to one open order when its artist deactivates or is suspended. */
export type OpenWorkOutcome =
  /** An offer they had not answered: it is withdrawn. */
  | 'offer_withdrawn'
  /** Work they took: it goes back to the customer to choose another artist. */
  | 'needs_artist'
  /** A recording is with our team or the customer: the order finishes as usual. */
  | 'stays';

/** GET /artist/profile/open-orders → data.items[]: what deactivating would do, order by order. */
export interface OpenWork {
  id: number;
  reference: string;
  status: OrderStatus;
  occasion_name: string;
  recipient_first_name: string;
  needed_by: string;
  due_at: string | null;
  outcome: OpenWorkOutcome;
}

export const openWorkLabels: Record<OpenWorkOutcome, string> = {
  offer_withdrawn: 'Your offer will be withdrawn',
  needs_artist: 'The customer will choose another artist',
  stays: 'Already submitted: it finishes as usual',
};

/** An artist account as the admin's artists page shows it. */
export type ArtistAccountStatus = 'active' | 'suspended' | 'deactivated';

/** GET /admin/artists → data.items[]. */
export interface AdminArtist {
  /** users.id, as the admin's application pages use it (the list's key). */
  id: number;
  /** Public id (users.user_id): suspend, reactivate and reassign take this one. */
  user_id: string;
  stage_name: string | null;
  name: string;
  email: string;
  /** The profile photo's address, or null (the console shows the placeholder). */
  avatar: string | null;
  app_status: AppStatus | null;
  status: ArtistAccountStatus;
  is_online: boolean;
  suspended_at: string | null;
  /** The reason given with the last suspension or reactivation. */
  last_reason: string | null;
  /** A new stage name the artist asked for, waiting for an admin's decision; null when none. */
  pending_stage_name: string | null;
  pending_stage_name_at: string | null;
}

export const operationsMessages = {
  searchTooLong: 'Please keep the search under 100 characters',
  artistNotFound: 'This artist was not found.',
  reasonRequired: 'Please give a reason',
  suspended: 'The artist was suspended. Their open work was released.',
  reactivated: 'The artist was reactivated. They can sign in again.',
  alreadySuspended: 'This artist is already suspended.',
  notSuspended: 'This artist is not suspended.',
  deactivatedArtist: 'This artist deactivated their account.',
  stageNameApproved: 'The new stage name is approved. The artist was told.',
  stageNameRejected: 'The stage name request was turned down. The artist keeps their name and was told.',
  /** The request the admin decided on is no longer the artist's latest (withdrawn or replaced). */
  stageNameRequestChanged: 'The artist changed or withdrew this request. Look at it again.',
  /** The login answer for a suspended artist (403). */
  /** `supportEmail`: SUPPORT_EMAIL, where the artist can ask why. */
  accountSuspended: (supportEmail: string) =>
    `Your artist account is suspended. Contact ${supportEmail} to find out more.`,
} as const;

/** Searches match any part of a text from this many characters; the admin's order search, below it, references only. */
export const MIN_INDEXED_SEARCH = 3;

/** A search of names, emails or references: printable text, 1 to 100 characters. */
export const searchSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(100, operationsMessages.searchTooLong), plainText()),
);

/** GET /admin/artists?q=&status=&cursor=&limit=: oldest account first (keyset on id); `active` is approved and neither suspended nor deactivated. */
export const adminArtistsQuerySchema = v.strictObject({
  q: searchSchema,
  status: v.optional(v.picklist(artistListStatuses, 'Unknown status'), 'all'),
  cursor: idCursorSchema,
  limit: pageLimitSchema,
});

/** POST /admin/artists/{id}/stage-name/approve and /reject: the name the admin decided on, as shown. */
export const stageNameDecisionSchema = v.strictObject({
  stage_name: v.pipe(v.string(operationsMessages.stageNameRequestChanged), v.maxLength(200)),
});

/** POST /admin/artists/{id}/suspend and /reactivate. */
export const artistStatusChangeSchema = v.strictObject({
  reason: v.pipe(
    linesInput(),
    v.trim(),
    v.nonEmpty(operationsMessages.reasonRequired),
    v.maxLength(500, 'Please keep this under 500 characters'),
  ),
});
