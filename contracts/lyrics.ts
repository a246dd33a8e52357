import * as v from 'valibot';
import { fieldMessages as m } from './field-messages';
import type { LifecycleFacts } from './lifecycle';
import { linesInput, textInput } from './text';

// Lyrics for approval (docs/product.md "Lyrics for approval", docs/api.md "Lyrics for approval"): on an
// order that asks for it, the artist posts a lyrics draft in the order's thread and the customer approves
// it, or asks for changes, before the recording. Asking for changes here never spends a revision.

/**
 * Where the lyrics stand while the artist works (the lifecycle machine's steps of in_progress):
 * `draft` the artist writes them, `review` the customer reads them, `changes` the customer asked for changes.
 */
export const lyricsSteps = ['draft', 'review', 'changes'] as const;
export type LyricsStep = (typeof lyricsSteps)[number];

/** The longest lyrics draft (characters), as long as the lyrics sent with a recording. */
export const LYRICS_MAX = 10_000;
export const LYRICS_NOTE_MAX = 2000;

export const lyricsTexts = {
  lyricsRequired: 'Write the lyrics you will sing',
  lyricsTooLong: `Please keep the lyrics under ${LYRICS_MAX} characters`,
  noteRequired: 'Tell the artist what to change in the lyrics',
  noteTooLong: `Please keep your note under ${LYRICS_NOTE_MAX} characters`,
  /** 409 on the recording while the customer has not approved the lyrics. */
  recordingWaits: 'The customer approves the lyrics before the recording. Post your lyrics in the messages first.',
  recordingWaitsReview: 'The customer has not approved your lyrics yet. You can upload the recording once they do.',
  onlyBeforeArtist: 'Lyrics approval can be turned on only before an artist takes the order.',
  posted: 'Your lyrics were sent to the customer for approval.',
  approved: 'You approved the lyrics. The artist can now record the song.',
  changesAsked: 'Your note was sent to the artist. This does not use a revision.',
  turnedOff: 'Lyrics approval is off for this order.',
  turnedOn: 'You will approve the lyrics before the recording.',
} as const;

/** What the customer and the artist read about the lyrics on their order pages. */
export const lyricsLabels = {
  customer: {
    draft: 'The artist is writing the lyrics for your approval',
    review: 'Lyrics waiting for your approval',
    changes: 'You asked for changes to the lyrics',
    approved: 'Lyrics approved',
  },
  // The artist's lines also say why the recording waits.
  artist: {
    draft: 'Lyrics first: send them in the messages for the customer to approve, then record.',
    review: 'Lyrics sent: you can upload the recording once the customer approves them.',
    changes: 'The customer asked for changes to the lyrics: send new lyrics in the messages.',
    approved: 'Lyrics approved',
  },
  /** The switch on the customer's order page (docs/product.md "Lyrics for approval"). */
  switchLabel: 'Approve the lyrics before the recording',
  switchHint:
    'On for your first song with an artist. The artist posts the lyrics in the messages; asking for changes does not use a revision.',
} as const;

/** POST /artist/orders/{id}/lyrics: `client_id` as for a message (the same id again answers the stored draft). */
export const postLyricsSchema = v.strictObject({
  client_id: v.pipe(
    v.string('The message id must be 8 to 64 letters, digits, "-" or "_"'),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'The message id must be 8 to 64 letters, digits, "-" or "_"'),
  ),
  lyrics: v.pipe(
    linesInput(),
    v.trim(),
    v.nonEmpty(lyricsTexts.lyricsRequired),
    v.maxLength(LYRICS_MAX, lyricsTexts.lyricsTooLong),
  ),
});
export type PostLyricsInput = v.InferOutput<typeof postLyricsSchema>;

/** POST /user/orders/{id}/lyrics/changes: what the customer wants changed. */
export const lyricsChangesSchema = v.strictObject({
  note: v.pipe(
    textInput(m.mustBeText, true),
    v.trim(),
    v.nonEmpty(lyricsTexts.noteRequired),
    v.maxLength(LYRICS_NOTE_MAX, lyricsTexts.noteTooLong),
  ),
});
export type LyricsChangesInput = v.InferOutput<typeof lyricsChangesSchema>;

/** PUT /user/orders/{id}/lyrics-approval. */
export const lyricsApprovalSchema = v.strictObject({
  on: v.boolean('Choose on or off'),
});
export type LyricsApprovalInput = v.InferOutput<typeof lyricsApprovalSchema>;

/** Where an order's lyrics stand, read from its lifecycle facts (null: the order has no lyrics step). */
export type LyricsState = LyricsStep | 'approved';

export function lyricsStateOf(facts: LifecycleFacts): LyricsState | null {
  if (!facts.lyrics_approval) return null;
  if (facts.status === 'in_progress') return facts.lyrics_step ?? 'approved';
  // Past the recording, the lyrics were approved (turning approval off clears `lyrics_approval`).
  return (recordedStatuses as readonly string[]).includes(facts.status) ? 'approved' : null;
}

const recordedStatuses = ['in_validation', 'in_revision', 'delivered', 'completed'] as const;
