import type { Kysely, Transaction } from 'kysely';
import * as v from 'valibot';
import { addOnMessages } from '../../contracts/addons';
import { artistMessages } from '../../contracts/artist';
import { issuesToFieldErrors } from '../../contracts/auth';
import { fieldMessages } from '../../contracts/field-messages';
import {
  type AlreadyCommittedAnswer,
  type ClipSlot,
  clipSlots,
  type Order,
  occasionSchema,
  orderMessages,
  songSchema,
  storySchema,
  type TempOrder,
  type TempOrderClip,
  type TempOrderCreated,
} from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { currentAuth } from '../auth/require-auth';
import { findVisibleArtistsByIds } from '../catalog/catalog.repository';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import type { ArtistProfileRow, DB, TempOrderRow, TempUploadRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { discardUploads, readMultipart } from '../http/multipart';
import { enqueueOrderPlacedMail } from '../mail/order-mails';
import { deliverySettingsOf, earliestNeededByFor } from './delivery';
import {
  type OccasionData,
  parseStored,
  type SongData,
  type StoredBrief,
  type StoryData,
  songWithAddOns,
  toClip,
  toOrder,
  toTempOrder,
} from './order.serializers';
import { listOrderArtists, listOrderEvents, newOrderReference, recordOrderEvent } from './orders.repository';
import {
  isCalendarDate,
  type OrderPrice,
  offersRush,
  offerTermsOf,
  orderPriceOf,
  platformFeeCentavos,
} from './pricing';
import {
  claimOpenTempOrder,
  completedStepsOf,
  deleteOpenTempOrder,
  findArtistsByPublicIds,
  findCurrentTempOrder,
  findTempOrderForUser,
  insertTempOrder,
  markTempOrderCommitted,
  saveTempOrderStep,
} from './temp-orders.repository';
import {
  attachUploads,
  countPendingUploads,
  findUploadsByLocations,
  findUsableUploads,
  insertTempUpload,
  uploadCutoff,
} from './temp-uploads.repository';

type OccasionInput = v.InferOutput<typeof occasionSchema>;
type SongInput = v.InferOutput<typeof songSchema>;
type StoryInput = v.InferOutput<typeof storySchema>;
type FieldErrors = Record<string, string[]>;

/** Largest story clip or voice message (and never more than MAX_UPLOAD_MB). */
const CLIP_MAX_BYTES = 25 * 1024 * 1024;
/** Unattached clips a customer may upload per 24 h: plenty for five slots and retakes, a bound on disk use. */
export const MAX_PENDING_CLIPS = 30;
/** Attempts at a commit whose random order reference collided with an existing one. */
const COMMIT_ATTEMPTS = 3;

const draftNotFound = () => new ApiError(404, orderMessages.draftNotFound);
const stepMissing = () => new ApiError(409, orderMessages.stepMissing);
const invalid = (errors: FieldErrors) => new ApiError(422, serverMessages.validationFailed, errors);

/** 409 for a draft that is already an order, with that order's id so the client can go on to checkout. */
function alreadyCommitted(c: AppContext, orderId: number) {
  const body: AlreadyCommittedAnswer = { message: orderMessages.alreadyCommitted, data: { order_id: orderId } };
  return c.json(body, 409);
}

/** The caller's draft, or 404 (another customer's draft is as unknown as none). */
async function ownDraft(c: AppContext, id: number): Promise<TempOrderRow> {
  const row = await findTempOrderForUser(c.var.db, currentAuth(c).user.id, id);
  if (!row) throw draftNotFound();
  return row;
}

/** The earliest needed-by date these artists can make (the slowest one's promise, rush or not), from now. */
const earliestFor = (c: AppContext, artists: readonly { profile: ArtistProfileRow | undefined }[], rush: boolean) =>
  earliestNeededByFor(
    c.var.clock.now(),
    deliverySettingsOf(c.var.config),
    artists.map((a) => a.profile),
    { rush },
  );

/**
 * The uploads a draft's story shows: the owner's clips that are still usable (unattached and
 * unexpired) or, once committed, the ones attached to its order. Anything else answers null.
 */
async function clipsOfDraft(c: AppContext, row: TempOrderRow, story: StoryData | null) {
  const locations = story ? clipSlots.flatMap((slot) => story[slot] ?? []) : [];
  const found = await findUploadsByLocations(c.var.db, locations);
  const cutoff = uploadCutoff(c.var.clock.now());
  const usable = new Map<string, TempUploadRow>();
  for (const [location, upload] of found) {
    const open = upload.attached_order_id === null && upload.created_at > cutoff;
    const committed = row.committed_order_id !== null && upload.attached_order_id === row.committed_order_id;
    if (upload.user_id === row.user_id && (open || committed)) usable.set(location, upload);
  }
  return usable;
}

/** The draft as answers carry it (TempOrder): artists, price, clips and the earliest needed-by date. */
async function answerDraft(c: AppContext, row: TempOrderRow, status: 200 | 201 = 200) {
  const song = parseStored<SongData>(row.song);
  const story = parseStored<StoryData>(row.story);
  const [artists, uploads] = await Promise.all([
    findArtistsByPublicIds(c.var.db, song?.selected_artists ?? []),
    clipsOfDraft(c, row, story),
  ]);
  const body: TempOrder = toTempOrder(row, {
    artists,
    uploads,
    media: c.var.media,
    now: c.var.clock.now(),
    delivery: deliverySettingsOf(c.var.config),
  });
  return ok(c, body, undefined, status);
}

/** Errors of the song step that depend on the world: artists taking orders, the date far enough out. */
async function songProblems(c: AppContext, db: Kysely<DB>, song: SongData) {
  const errors: FieldErrors = Object.create(null);
  const visible = await findVisibleArtistsByIds(db, song.selected_artists);
  if (visible.length !== song.selected_artists.length) errors.selected_artists = [orderMessages.artistUnavailable];
  // With rush, every artist who may accept must offer it (checked again at commit: one may have opted out).
  else if (song.rush && !visible.every((a) => offersRush(a.profile)))
    errors.selected_artists = [addOnMessages.rushNotOffered];
  if (!isCalendarDate(song.needed_by)) errors.needed_by = [orderMessages.neededByInvalid];
  // Before what the slowest chosen artist promises, one of them could take it and not make it.
  else if (song.needed_by < earliestFor(c, visible, song.rush)) errors.needed_by = [orderMessages.neededByTooSoon];
  return { errors, visible };
}

/** Slots whose clip is not one of the caller's usable uploads. */
function clipProblems(story: StoryData, usable: Map<string, TempUploadRow>): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  for (const slot of clipSlots) {
    const location = story[slot];
    if (location && !usable.has(location)) errors[slot] = [orderMessages.clipInvalid];
  }
  return errors;
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * Each stored step checked again with its request's rules: a draft saved before a rule existed (a NUL
 * in a name, from before text was checked) is a 422 naming the field, never a failed insert.
 */
function storedStepProblems(occasion: OccasionData, song: SongData, story: StoryData): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  const checks = [
    v.safeParse(occasionSchema, occasion),
    v.safeParse(songSchema, song),
    v.safeParse(storySchema, story),
  ];
  for (const result of checks) if (!result.success) Object.assign(errors, issuesToFieldErrors(result.issues));
  return errors;
}

/** Saves a step of an open draft; a commit that won the race makes it a 409 like any committed draft. */
async function saveStep(c: AppContext, row: TempOrderRow, step: 'occasion' | 'song' | 'story', data: unknown) {
  const saved = await saveTempOrderStep(c.var.db, row, step, JSON.stringify(data), c.var.clock.now().toISOString());
  if (!saved) {
    const now = await ownDraft(c, row.id);
    return alreadyCommitted(c, now.committed_order_id ?? 0);
  }
  return answerDraft(c, saved);
}

/** POST /temp-order: a new draft from the occasion step. */
export async function createTempOrder(c: AppContext, body: OccasionInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const row = await insertTempOrder(db, user.id, JSON.stringify(body), clock.now().toISOString());
  const answer: TempOrderCreated = { order_id: row.id };
  return ok(c, answer, undefined, 201);
}

/** GET /temp-order/{id}. */
export async function getTempOrder(c: AppContext, id: number) {
  return answerDraft(c, await ownDraft(c, id));
}

/** GET /temp-order/current: the caller's newest open draft, so any device continues it; 404 when none. */
export async function getCurrentTempOrder(c: AppContext) {
  const row = await findCurrentTempOrder(c.var.db, currentAuth(c).user.id);
  if (!row) throw draftNotFound();
  return answerDraft(c, row);
}

/** DELETE /temp-order/{id}: "Start over". A placed order's draft stays (409); another customer's is a 404. */
export async function deleteTempOrder(c: AppContext, id: number) {
  const row = await ownDraft(c, id);
  if (row.committed_order_id !== null) return alreadyCommitted(c, row.committed_order_id);
  if (!(await deleteOpenTempOrder(c.var.db, row.user_id, id))) throw draftNotFound();
  return ok(c, null, orderMessages.draftDiscarded);
}

/** PATCH /temp-order/{id}/occasion. */
export async function saveOccasion(c: AppContext, id: number, body: OccasionInput) {
  const row = await ownDraft(c, id);
  if (row.committed_order_id !== null) return alreadyCommitted(c, row.committed_order_id);
  return saveStep(c, row, 'occasion', body);
}

/** PATCH /temp-order/{id}/song: every artist must be taking orders; the date no earlier than they promise. */
export async function saveSong(c: AppContext, id: number, body: SongInput) {
  const row = await ownDraft(c, id);
  if (row.committed_order_id !== null) return alreadyCommitted(c, row.committed_order_id);
  if (!completedStepsOf(row).has('occasion')) throw stepMissing();
  const { errors } = await songProblems(c, c.var.db, body);
  if (hasErrors(errors)) throw invalid(errors);
  return saveStep(c, row, 'song', body);
}

/** PATCH /temp-order/{id}/story: each clip must be the caller's own, unexpired, unattached upload. */
export async function saveStory(c: AppContext, id: number, body: StoryInput) {
  const { db, clock } = c.var;
  const row = await ownDraft(c, id);
  if (row.committed_order_id !== null) return alreadyCommitted(c, row.committed_order_id);
  const steps = completedStepsOf(row);
  if (!steps.has('occasion') || !steps.has('song')) throw stepMissing();
  const locations = clipSlots.flatMap((slot) => body[slot] ?? []);
  const usable = await findUsableUploads(db, row.user_id, locations, clock.now());
  const errors = clipProblems(body, usable);
  if (hasErrors(errors)) throw invalid(errors);
  return saveStep(c, row, 'story', body);
}

/**
 * POST /temp-order/upload (multipart `file`): an audio clip or voice message, typed by its bytes,
 * streamed to `uploads/clips/` under a server-chosen name. Answers its temporary location (usable only
 * by this customer, for 24 h unless an order takes it) and a short-lived signed URL to play it.
 */
export async function uploadClip(c: AppContext) {
  const { db, storage, clock, media, config } = c.var;
  const { user } = currentAuth(c);
  const now = clock.now();
  // Checked before the body is read, so a customer over the allowance costs no disk.
  if ((await countPendingUploads(db, user.id, uploadCutoff(now))) >= MAX_PENDING_CLIPS) {
    throw new ApiError(429, orderMessages.tooManyClips);
  }
  c.set('config', { ...config, maxUploadBytes: Math.min(CLIP_MAX_BYTES, config.maxUploadBytes) });
  const form = await readMultipart(c, { file: { kind: 'clips', family: 'audio' } });
  let keepFile = false;
  try {
    const extra = Object.keys(form.fields)[0];
    if (extra !== undefined) throw invalid({ [extra]: [fieldMessages.unknownField] });
    const file = form.files.file;
    if (!file) throw fieldError(serverMessages.validationFailed, 'file', artistMessages.fileRequired);
    const upload = await insertTempUpload(db, {
      user_id: user.id,
      file_key: file.name,
      mime: file.mime,
      size: file.size,
      created_at: now.toISOString(),
    });
    keepFile = true;
    const body: TempOrderClip = toClip(upload, media);
    return ok(c, body, orderMessages.clipUploaded, 201);
  } finally {
    if (!keepFile) await discardUploads(storage, form);
  }
}

type CommitOutcome = { committedBefore: number } | { order: Order };

/**
 * POST /temp-order/{id}/commit: in one transaction, the order in `awaiting_payment` with the price
 * (highest current rate among the selected artists) and platform fee computed here, its artists in the
 * customer's ranked order, the brief, the clips attached for good, the 'created' event, and the draft
 * marked committed. Committing again answers 409 alreadyCommitted with the order's id.
 */
export async function commitTempOrder(c: AppContext, id: number) {
  const { db } = c.var;
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.transaction().execute((trx) => commitInTransaction(c, trx, id));
      if ('committedBefore' in outcome) return alreadyCommitted(c, outcome.committedBefore);
      return ok(c, outcome.order, orderMessages.orderPlaced, 201);
    } catch (error) {
      // The only unique value a commit invents is the random reference: another draw fixes a collision.
      if (attempt < COMMIT_ATTEMPTS && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function commitInTransaction(c: AppContext, trx: Transaction<DB>, id: number): Promise<CommitOutcome> {
  const { clock, config } = c.var;
  const { user } = currentAuth(c);
  const now = clock.now();
  const at = now.toISOString();
  const draft = await claimOpenTempOrder(trx, user.id, id, at);
  if (!draft) {
    const existing = await findTempOrderForUser(trx, user.id, id);
    if (!existing?.committed_order_id) throw draftNotFound();
    return { committedBefore: existing.committed_order_id };
  }
  const steps = completedStepsOf(draft);
  const occasion = parseStored<OccasionData>(draft.occasion);
  const storedSong = parseStored<SongData>(draft.song);
  const song = storedSong ? songWithAddOns(storedSong) : null;
  const story = parseStored<StoryData>(draft.story);
  if (!steps.has('occasion') || !steps.has('song') || !steps.has('story') || !occasion || !song || !story) {
    throw stepMissing();
  }

  const stale = storedStepProblems(occasion, song, story);
  if (hasErrors(stale)) throw invalid(stale);
  // The world may have changed since the steps were saved: check again with today's artists and date.
  const { errors, visible } = await songProblems(c, trx, song);
  const slots = clipSlots.filter((slot) => story[slot]);
  const locations = [...new Set(slots.map((slot) => story[slot] as string))];
  Object.assign(errors, clipProblems(story, await findUsableUploads(trx, user.id, locations, now)));
  if (hasErrors(errors)) throw invalid(errors);

  const byPublicId = new Map(visible.map((artist) => [artist.user.user_id, artist]));
  const ranked = song.selected_artists.map((publicId) => byPublicId.get(publicId) as (typeof visible)[number]);
  // The price is the server's own (rates, rush prices and extra revisions on file now), never the client's.
  const parts = orderPriceOf(
    ranked.map((artist) => artist.profile),
    song,
  ) as OrderPrice;
  const price = parts.price_centavos;
  const fee = platformFeeCentavos(price, config.platformFeePercent);
  const addOns = {
    rush: song.rush ? (1 as const) : (0 as const),
    rush_centavos: parts.rush_centavos,
    extra_revisions: song.extra_revisions,
    extra_revisions_centavos: parts.extra_revisions_centavos,
  };
  const brief: StoredBrief = { occasion, song, story };

  const order = await trx
    .insertInto('orders')
    .values({
      reference: newOrderReference(),
      customer_id: user.id,
      status: 'awaiting_payment',
      price_centavos: price,
      platform_fee_centavos: fee,
      ...addOns,
      occasion_name: occasion.occasion_name,
      recipient_first_name: occasion.recipient_first_name,
      needed_by: song.needed_by,
      brief: JSON.stringify(brief),
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  await trx
    .insertInto('order_artists')
    .values(
      ranked.map((artist, index) => ({
        order_id: order.id,
        artist_id: artist.user.id,
        rank: index + 1,
        ...offerTermsOf(artist.profile, config.platformFeePercent, addOns),
      })),
    )
    .execute();

  // Attaching is the claim against the 24 h sweep: a clip swept since the check above is missing here.
  const attached = new Map(
    (await attachUploads(trx, user.id, order.id, locations, now)).map((upload) => [upload.temp_location, upload]),
  );
  const lost = clipProblems(story, attached);
  if (hasErrors(lost)) throw invalid(lost);
  if (slots.length > 0) {
    await trx
      .insertInto('order_clips')
      .values(
        slots.map((slot: ClipSlot) => {
          const upload = attached.get(story[slot] as string) as TempUploadRow;
          return { order_id: order.id, slot, file_key: upload.file_key, mime: upload.mime, size: upload.size };
        }),
      )
      .execute();
  }

  await enqueueOrderPlacedMail(trx, order, now);
  await recordOrderEvent(trx, {
    orderId: order.id,
    type: 'created',
    actor: 'customer',
    actorId: user.id,
    payload: {
      reference: order.reference,
      price_centavos: price,
      platform_fee_centavos: fee,
      artists: song.selected_artists,
      rush: song.rush,
      extra_revisions: song.extra_revisions,
    },
    at,
  });
  await markTempOrderCommitted(trx, draft, order.id, at);

  const [artists, events] = await Promise.all([listOrderArtists(trx, [order.id]), listOrderEvents(trx, [order.id])]);
  return { order: toOrder(order, artists.get(order.id) ?? [], events.get(order.id) ?? []) };
}
