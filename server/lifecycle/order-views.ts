import type { Kysely } from 'kysely';
import {
  type AdminOrder,
  type ArtistOrder,
  type ArtistOrderBrief,
  type CustomerOrderLifecycle,
  type Feedback,
  type GiftLink,
  IDLE_NEEDS_ARTIST_DAYS,
  isOverdue,
  type OrderRefund,
  type Recording,
} from '../../contracts/lifecycle';
import type { OrderBrief } from '../../contracts/order';
import type {
  DB,
  OrderArtistRow,
  OrderEventRow,
  OrderRecordingRow,
  OrderRow,
  RefundRow,
  TempUploadRow,
} from '../db/schema';
import type { MediaSigner } from '../media/signed-url';
import { type Reader, unreadCounts } from '../messages/messages.repository';
import {
  clipLocationsOf,
  parseStored,
  type StoredBrief,
  songWithAddOns,
  storyWithClips,
  toOrderEvent,
} from '../orders/order.serializers';
import { acceptedTermsOf, addOnsOf, offerAddOnsOf, pesos } from '../orders/pricing';
import { findUploadsByLocations } from '../orders/temp-uploads.repository';
import { toRefundBrief } from '../payments/refunds';
import { deliveredVersions, requestedVersion } from './song-versions';
import { factsOfRow } from './transition';

// Everything the artist, admin and customer screens show about orders, loaded for a page of orders
// in a fixed number of queries (never one query per order).

type Offer = OrderArtistRow & { user_id: string; stage_name: string | null };

export interface OrderRelations {
  offers: Map<number, Offer[]>;
  recordings: Map<number, OrderRecordingRow[]>;
  events: Map<number, OrderEventRow[]>;
  uploads: Map<string, TempUploadRow>;
  refunds: Map<number, RefundRow[]>;
  thanks: Map<number, { name: string; message: string; created_at: string }>;
  /** Unread order messages per order, for the reader the orders were loaded for (none: all 0). */
  unread: Map<number, number>;
  people: Map<
    number,
    {
      user_id: string;
      stage_name: string | null;
      first_name: string;
      last_name: string;
      email: string;
      deactivated_at: string | null;
      suspended_at: string | null;
    }
  >;
}

const group = <T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

export async function loadRelations(db: Kysely<DB>, orders: OrderRow[], reader?: Reader): Promise<OrderRelations> {
  const ids = orders.map((o) => o.id);
  if (ids.length === 0) {
    return {
      offers: new Map(),
      recordings: new Map(),
      events: new Map(),
      uploads: new Map(),
      refunds: new Map(),
      thanks: new Map(),
      people: new Map(),
      unread: new Map(),
    };
  }
  const [offers, recordings, events, refunds, thanks, unread] = await Promise.all([
    db
      .selectFrom('order_artists')
      .innerJoin('users', 'users.id', 'order_artists.artist_id')
      .selectAll('order_artists')
      .select(['users.user_id', 'users.stage_name'])
      .where('order_artists.order_id', 'in', ids)
      .orderBy('order_artists.rank')
      .execute(),
    db.selectFrom('order_recordings').selectAll().where('order_id', 'in', ids).orderBy('version').execute(),
    db.selectFrom('order_events').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', 'in', ids)
      // Every refund of each order, oldest first (index refunds_order).
      .orderBy('id')
      .execute(),
    db.selectFrom('gift_thanks').selectAll().where('order_id', 'in', ids).execute(),
    reader ? unreadCounts(db, reader, ids) : new Map<number, number>(),
  ]);
  const locations = [
    ...orders.flatMap((o) => clipLocationsOf(parseStored<StoredBrief>(o.brief)?.story ?? null)),
    ...recordings.map((r) => r.temp_location),
  ];
  const personIds = [
    ...new Set(orders.flatMap((o) => [o.customer_id, ...(o.artist_id === null ? [] : [o.artist_id])])),
  ];
  const [uploads, people] = await Promise.all([
    findUploadsByLocations(db, locations),
    db
      .selectFrom('users')
      .select(['id', 'user_id', 'stage_name', 'first_name', 'last_name', 'email', 'deactivated_at', 'suspended_at'])
      .where('id', 'in', personIds)
      .execute(),
  ]);
  return {
    offers: group(offers, (o) => o.order_id),
    recordings: group(recordings, (r) => r.order_id),
    events: group(events, (e) => e.order_id),
    uploads,
    refunds: group(refunds, (r) => r.order_id),
    thanks: new Map(thanks.map((t) => [t.order_id, t])),
    people: new Map(people.map((p) => [p.id, p])),
    unread,
  };
}

function briefOf(order: OrderRow, rel: OrderRelations, media: MediaSigner): OrderBrief {
  const brief = parseStored<StoredBrief>(order.brief) as StoredBrief;
  // Only the clips this order took (attached at commit), never another order's.
  const uploads = new Map([...rel.uploads].filter(([, upload]) => upload.attached_order_id === order.id));
  return {
    occasion: brief.occasion,
    song: songWithAddOns(brief.song),
    story: storyWithClips(brief.story, uploads, media),
  };
}

/**
 * The brief an artist reads: the recipient, pronunciation, occasion, story and clips, and the gifter's
 * first name. The gifter's last name, email, phone and country stay with the customer and the admins.
 */
function artistBriefOf(brief: OrderBrief): ArtistOrderBrief {
  if (!brief?.occasion) return brief as ArtistOrderBrief;
  const {
    gifter_last_name: _last,
    gifter_email: _email,
    gifter_contact_number: _phone,
    gifter_dial_code: _dial,
    gifter_country: _country,
    ...occasion
  } = brief.occasion;
  return { ...brief, occasion };
}

function recordingOf(row: OrderRecordingRow | undefined, media: MediaSigner): Recording | null {
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    url: media.audioUrl(row.temp_location),
    mime: row.mime,
    size: row.size,
    lyrics: row.lyrics,
    uploaded_at: row.created_at,
    status: row.status,
  };
}

/** The latest request for changes: the admin's notes or the customer's reason, whichever is newer. */
function feedbackOf(events: OrderEventRow[]): Feedback | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i] as OrderEventRow;
    const payload = parseStored<Record<string, unknown>>(event.payload) ?? {};
    if (event.type === 'admin_requested_revision' && typeof payload.notes === 'string')
      return { from: 'admin', text: payload.notes, at: event.created_at };
    if (event.type === 'customer_rejected' && typeof payload.reason === 'string')
      return { from: 'customer', text: payload.reason, at: event.created_at };
  }
  return null;
}

const openOffersOf = (offers: Offer[]) => offers.filter((o) => o.offer_status === 'pending').length;

/** The order's artist deactivated or was suspended (the lifecycle machine's `artistAway`). */
function artistAway(order: OrderRow, rel: OrderRelations): boolean {
  const artist = order.artist_id === null ? undefined : rel.people.get(order.artist_id);
  return artist !== undefined && (artist.deactivated_at !== null || artist.suspended_at !== null);
}

/** An event as the admin reads it: with the reason given, when there was one (a reassignment's, a cancellation's). */
function toAdminOrderEvent(event: OrderEventRow) {
  const reason = parseStored<Record<string, unknown>>(event.payload)?.reason;
  return { ...toOrderEvent(event), ...(typeof reason === 'string' && reason ? { note: reason } : {}) };
}

function common(order: OrderRow, rel: OrderRelations, media: MediaSigner, now: Date) {
  const offers = rel.offers.get(order.id) ?? [];
  const recordings = rel.recordings.get(order.id) ?? [];
  const events = rel.events.get(order.id) ?? [];
  return {
    id: order.id,
    reference: order.reference,
    status: order.status,
    occasion_name: order.occasion_name,
    recipient_first_name: order.recipient_first_name,
    needed_by: order.needed_by,
    due_at: order.due_at,
    overdue: isOverdue(order, now),
    price: pesos(order.price_centavos),
    earning: pesos(order.price_centavos - order.platform_fee_centavos),
    add_ons: addOnsOf(order),
    brief: briefOf(order, rel, media),
    lifecycle: factsOfRow(order, openOffersOf(offers), artistAway(order, rel)),
    recording: recordingOf(recordings.at(-1), media),
    feedback: feedbackOf(events),
    rating: order.rating,
    review: order.review,
    accepted_at: order.accepted_at,
    completed_at: order.completed_at,
    unread_messages: rel.unread.get(order.id) ?? 0,
  };
}

export function toArtistOrder(
  order: OrderRow,
  artistId: number,
  rel: OrderRelations,
  media: MediaSigner,
  now: Date,
): ArtistOrder {
  const offer = (rel.offers.get(order.id) ?? []).find((o) => o.artist_id === artistId);
  const thanks = rel.thanks.get(order.id);
  const shared = common(order, rel, media, now);
  // An artist sees the price they take (or, on an open offer, would take) the order at, never another's.
  const terms = order.artist_id === artistId || !offer ? order : acceptedTermsOf(order, offer);
  return {
    ...shared,
    price: pesos(terms.price_centavos),
    earning: pesos(terms.price_centavos - terms.platform_fee_centavos),
    // On an open offer, the rush part is the artist's own rush price, like the price.
    add_ons: order.artist_id === artistId || !offer ? shared.add_ons : offerAddOnsOf(order, offer),
    // Need to know: what writing the song takes, never how to reach the customer (docs/api.md).
    brief: artistBriefOf(shared.brief),
    offer: {
      status: offer?.offer_status ?? 'withdrawn',
      rank: offer?.rank ?? 0,
      expires_at: offer?.expires_at ?? null,
      decline_reason: offer?.decline_reason ?? null,
    },
    thanks: thanks ? { name: thanks.name, message: thanks.message, at: thanks.created_at } : null,
  };
}

const publicArtist = (offer: Offer) => ({ id: offer.user_id, stage_name: offer.stage_name ?? '' });

/** Every refund of the order, oldest first, in the state machines/refund.machine.ts left it. */
function refundsOf(order: OrderRow, rel: OrderRelations): OrderRefund[] {
  return (rel.refunds.get(order.id) ?? []).map(toRefundBrief);
}

function takenBy(order: OrderRow, rel: OrderRelations) {
  const offer = (rel.offers.get(order.id) ?? []).find((o) => o.artist_id === order.artist_id);
  return offer ? publicArtist(offer) : null;
}

export function toAdminOrder(order: OrderRow, rel: OrderRelations, media: MediaSigner, now: Date): AdminOrder {
  const customer = rel.people.get(order.customer_id);
  return {
    ...common(order, rel, media, now),
    customer: {
      name: customer ? `${customer.first_name} ${customer.last_name}`.trim() : '',
      email: customer?.email ?? '',
    },
    artist: takenBy(order, rel),
    offers: (rel.offers.get(order.id) ?? [])
      .filter((o) => o.offered_at !== null)
      .map((o) => ({ artist: publicArtist(o), status: o.offer_status, rank: o.rank, expires_at: o.expires_at })),
    platform_fee: pesos(order.platform_fee_centavos),
    events: (rel.events.get(order.id) ?? []).map(toAdminOrderEvent),
    refunds: refundsOf(order, rel),
  };
}

export function giftLinkOf(order: OrderRow, publicUrl: string): GiftLink | null {
  if (!order.gift_token) return null;
  return {
    token: order.gift_token,
    url: `${publicUrl.replace(/\/$/, '')}/gift/${order.gift_token}`,
    reveal_on: order.gift_reveal_on,
  };
}

/** The lifecycle part of the customer's order. The song shows only once an admin validated a version. */
export function toCustomerLifecycle(
  order: OrderRow,
  rel: OrderRelations,
  media: MediaSigner,
  publicUrl: string,
): CustomerOrderLifecycle {
  const offers = rel.offers.get(order.id) ?? [];
  const events = rel.events.get(order.id) ?? [];
  const delivered = deliveredVersions(rel.recordings.get(order.id) ?? [], events);
  const latest = delivered.at(-1)?.recording;
  return {
    lifecycle: factsOfRow(order, openOffersOf(offers), artistAway(order, rel)),
    unread_messages: rel.unread.get(order.id) ?? 0,
    due_at: order.due_at,
    recording: latest
      ? {
          id: latest.id,
          version: latest.version,
          url: media.audioUrl(latest.temp_location),
          download_url: `${media.audioUrl(latest.temp_location)}&download=1`,
          mime: latest.mime,
          lyrics: latest.lyrics,
          uploaded_at: latest.created_at,
        }
      : null,
    artist: takenBy(order, rel),
    rating: order.rating,
    review: order.review,
    gift: giftLinkOf(order, publicUrl),
    refunds: refundsOf(order, rel),
    payable: order.status === 'awaiting_payment',
    // The same date the needs-artist mail promises (idle-orders.ts cancels from then on).
    auto_cancel_at:
      order.status === 'needs_artist' && order.needs_artist_since
        ? new Date(Date.parse(order.needs_artist_since) + IDLE_NEEDS_ARTIST_DAYS * 86_400_000).toISOString()
        : null,
    versions: delivered.map(({ number, recording, delivered_at, notes }) => ({
      number,
      url: media.audioUrl(recording.temp_location),
      download_url: `${media.audioUrl(recording.temp_location)}&download=1`,
      mime: recording.mime,
      lyrics: recording.lyrics,
      delivered_at,
      notes,
    })),
    requested_version: requestedVersion(order, delivered, events),
  };
}
