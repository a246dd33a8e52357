import type * as v from 'valibot';
import type { CustomerOrderLifecycle } from '../../contracts/lifecycle';
import {
  type ClipSlot,
  clipSlots,
  type Order,
  type OrderBrief,
  type OrderDetail,
  type OrderEvent,
  type occasionSchema,
  type Payment,
  type songSchema,
  type storySchema,
  type TempOrder,
  type TempOrderClip,
} from '../../contracts/order';
import type { ArtistProfileRow, OrderEventRow, OrderRow, TempOrderRow, TempUploadRow, UserRow } from '../db/schema';
import type { MediaSigner } from '../media/signed-url';
import { toRefundBrief } from '../payments/refunds';
import { type DeliverySettings, deliveryPromiseOf, earliestNeededByFor, rushOfferOf } from './delivery';
import type { PaymentWithRefunds } from './orders.repository';
import { addOnsOf, offerTermsOf, orderPriceOf, pesos, rateCentavosOf } from './pricing';

export type OccasionData = v.InferOutput<typeof occasionSchema>;
export type SongData = v.InferOutput<typeof songSchema>;
export type StoryData = v.InferOutput<typeof storySchema>;

/** A song step as stored, with the add-ons a song saved before they existed lacks (none). */
export const songWithAddOns = (song: SongData): SongData => ({
  ...song,
  rush: song.rush ?? false,
  extra_revisions: song.extra_revisions ?? 0,
});

/** A draft step or a brief as stored (JSON text written by this server), or null. */
export function parseStored<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The temp_locations a story refers to. */
export const clipLocationsOf = (story: StoryData | null): string[] =>
  story ? clipSlots.map((slot) => story[slot]).filter((loc): loc is string => typeof loc === 'string') : [];

/** A clip as answers carry it: the opaque location and a short-lived signed URL. */
export const toClip = (upload: TempUploadRow, media: MediaSigner): TempOrderClip => ({
  temp_location: upload.temp_location,
  url: media.audioUrl(upload.temp_location),
  mime: upload.mime,
  size: upload.size,
});

export function storyWithClips(story: StoryData, uploads: Map<string, TempUploadRow>, media: MediaSigner) {
  const clips = Object.fromEntries(
    clipSlots.map((slot) => {
      const location = story[slot];
      const upload = location ? uploads.get(location) : undefined;
      return [slot, upload ? toClip(upload, media) : null];
    }),
  ) as Record<ClipSlot, TempOrderClip | null>;
  return { ...story, ...clips };
}

export interface TempOrderContext {
  /** The selected artists found, by public user_id. */
  artists: Map<string, { user: UserRow; profile: ArtistProfileRow | undefined }>;
  /** The caller's usable uploads, by temp_location (a slot whose upload is gone answers null). */
  uploads: Map<string, TempUploadRow>;
  media: MediaSigner;
  /** When the answer is made, and the platform's answer window and lead: the artists' promises. */
  now: Date;
  delivery: DeliverySettings;
}

/** GET /temp-order/{id} and every step's answer: the draft with the server's price and earliest date. */
export function toTempOrder(row: TempOrderRow, ctx: TempOrderContext): TempOrder {
  const stored = parseStored<SongData>(row.song);
  const song = stored ? songWithAddOns(stored) : null;
  const story = parseStored<StoryData>(row.story);
  const chosen = song ? song.selected_artists.flatMap((id) => ctx.artists.get(id) ?? []) : [];
  const price = song
    ? orderPriceOf(
        chosen.map((a) => a.profile),
        song,
      )
    : null;
  return {
    id: row.id,
    occasion: parseStored<OccasionData>(row.occasion),
    song: song
      ? {
          ...song,
          artists: chosen.map(({ user, profile }) => ({
            id: user.user_id,
            stage_name: user.stage_name ?? '',
            rate: pesos(rateCentavosOf(profile)),
            price: pesos(
              offerTermsOf(profile, 0, {
                rush: song.rush ? 1 : 0,
                extra_revisions_centavos: price?.extra_revisions_centavos ?? 0,
              }).rate_centavos,
            ),
            delivery: deliveryPromiseOf(ctx.now, ctx.delivery, profile),
            rush: rushOfferOf(ctx.now, ctx.delivery, profile),
          })),
        }
      : null,
    story: story ? storyWithClips(story, ctx.uploads, ctx.media) : null,
    price: price === null ? null : pesos(price.price_centavos),
    add_ons:
      song && price
        ? addOnsOf({
            rush: song.rush ? 1 : 0,
            rush_centavos: price.rush_centavos,
            extra_revisions: song.extra_revisions,
            extra_revisions_centavos: price.extra_revisions_centavos,
          })
        : null,
    earliest_needed_by: earliestNeededByFor(
      ctx.now,
      ctx.delivery,
      chosen.map((a) => a.profile),
      { rush: song?.rush ?? false },
    ),
    committed_order_id: row.committed_order_id,
  };
}

export const toOrderEvent = (event: OrderEventRow): OrderEvent => ({
  type: event.type,
  at: event.created_at,
  by: event.actor,
});

export function toOrder(row: OrderRow, artists: { id: string; stage_name: string }[], events: OrderEventRow[]): Order {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    price: pesos(row.price_centavos),
    currency: 'PHP',
    occasion_name: row.occasion_name,
    recipient_first_name: row.recipient_first_name,
    needed_by: row.needed_by,
    artists,
    add_ons: addOnsOf(row),
    created_at: row.created_at,
    paid_at: row.paid_at,
    events: events.map(toOrderEvent),
  };
}

/** The brief as stored at commit: `{occasion, song, story}` with the story's clip locations. */
export interface StoredBrief {
  occasion: OccasionData;
  song: SongData;
  story: StoryData;
}

export function toOrderDetail(
  row: OrderRow,
  artists: { id: string; stage_name: string }[],
  events: OrderEventRow[],
  uploads: Map<string, TempUploadRow>,
  media: MediaSigner,
  lifecycle: CustomerOrderLifecycle,
): OrderDetail {
  const brief = parseStored<StoredBrief>(row.brief);
  const answer: OrderBrief | null = brief
    ? { occasion: brief.occasion, song: songWithAddOns(brief.song), story: storyWithClips(brief.story, uploads, media) }
    : null;
  return { ...toOrder(row, artists, events), ...lifecycle, brief: answer as OrderBrief };
}

export function toPayment(row: PaymentWithRefunds): Payment {
  return {
    id: row.id,
    order_id: row.order_id,
    order_reference: row.order_reference,
    amount: pesos(row.amount_centavos),
    currency: 'PHP',
    method: row.method,
    provider: row.provider,
    status: row.status,
    reference: row.refno,
    created_at: row.created_at,
    updated_at: row.updated_at,
    refunds: row.refunds.map(toRefundBrief),
  };
}
