import type * as v from 'valibot';
import {
  type ArtistCatalogPage,
  type ArtistPublicProfile,
  artistMessages,
  type catalogQuerySchema,
} from '../../contracts/artist';
import type { Page } from '../../contracts/lifecycle';
import { BASE_PRICE_CENTAVOS, genres, type Option, vocalTypes } from '../../contracts/options';
import { moods, occasions, paymentMethodOptions, relationships, tempos, type UserOptions } from '../../contracts/order';
import type { ArtistReview, reviewsQuerySchema } from '../../contracts/reviews';
import { serverMessages } from '../../contracts/server-messages';
import { listSongs, listSongsOf } from '../artists/songs.repository';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { ratingsOf, unrated } from '../lifecycle/ratings.repository';
import { type DeliverySettings, deliverySettingsOf, longestTurnaroundBy, promisesOf } from '../orders/delivery';
import { methodsFor } from '../payments/methods';
import { reviewPageOf } from '../reviews/reviews.handlers';
import { starCountsOf } from '../reviews/reviews.repository';
import { findCatalogPage, findVisibleArtist } from './catalog.repository';
import { toArtistCard, toArtistPublicProfile } from './catalog.serializers';
import { decodeCursor, encodeCursor } from './catalog-cursor';

type CatalogQuery = v.InferOutput<typeof catalogQuerySchema>;

const DEFAULT_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 48;

/** GET /options: the choice lists the SPA shows, the catalogue's and the order form's (contracts/order.ts). */
export function options(c: AppContext) {
  const offered: readonly string[] = methodsFor(c.var.config.payments.provider);
  const copy = (list: readonly Option[]): Option[] => list.map((o) => ({ value: o.value, display: o.display }));
  const body: UserOptions = {
    genres: genres.map((g) => ({ ...g })),
    vocal_types: vocalTypes.map((t) => ({ ...t })),
    base_price: BASE_PRICE_CENTAVOS / 100,
    occasions: copy(occasions),
    relationships: copy(relationships),
    moods: copy(moods),
    tempos: copy(tempos),
    // Only what the configured provider takes (a sandbox method with DragonPay configured would be refused at
    // checkout), named by that provider: "GCash (test payment)" in the sandbox, "GCash (DragonPay)" with DragonPay.
    payment_methods: paymentMethodOptions(offered, c.var.config.payments.provider),
  };
  return ok(c, body);
}

/** GET /artists: approved, online artists, filtered and sorted; keyset pages in the sort's order. The page, for catalog-cache.ts to send. */
export async function listArtists(c: AppContext, query: CatalogQuery): Promise<ArtistCatalogPage> {
  const { db, media } = c.var;
  const now = c.var.clock.now();
  const settings = deliverySettingsOf(c.var.config);
  const requested = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  if (requested < 1) throw new ApiError(422, serverMessages.validationFailed, { limit: ['Invalid limit'] });
  const limit = Math.min(requested, MAX_PAGE_SIZE);
  const rows = await findCatalogPage(db, {
    genre: query.genre,
    vocal_type: query.vocal_type,
    q: query.q || undefined,
    min_rate_centavos: query.min_price === undefined ? undefined : query.min_price * 100,
    max_rate_centavos: query.max_price === undefined ? undefined : query.max_price * 100,
    min_rating_tenths: query.min_rating === undefined ? undefined : query.min_rating * 10,
    max_turnaround_days: maxTurnaroundOf(query, now, settings),
    sort: query.sort,
    cursor: query.cursor ? decodeCursor(query.cursor, query.sort) : undefined,
    limit,
  });
  const page = rows.slice(0, limit);
  const ids = page.map((row) => row.user.id);
  const [songs, ratings] = await Promise.all([listSongsOf(db, ids), ratingsOf(db, ids)]);
  const last = page.at(-1);
  const body: ArtistCatalogPage = {
    artists: page.map((row) =>
      toArtistCard(
        row.user,
        row.profile,
        songs.get(row.user.id) ?? [],
        media,
        ratings.get(row.user.id),
        promisesOf(now, settings, row.profile),
      ),
    ),
    next_cursor: rows.length > limit && last ? encodeCursor(last.cursor) : null,
  };
  return body;
}

/**
 * The turnaround filter and "can deliver by" as one bound on the turnaround (the promise date grows with it),
 * so the index in the turnaround's order serves both; undefined when neither is chosen.
 */
function maxTurnaroundOf(query: CatalogQuery, now: Date, settings: DeliverySettings): number | undefined {
  const bounds = [
    query.turnaround,
    query.deliver_by === undefined ? undefined : longestTurnaroundBy(now, settings, query.deliver_by),
  ].filter((b): b is number => b !== undefined);
  return bounds.length === 0 ? undefined : Math.min(...bounds);
}

/** How many reviews the artist's page shows before "More reviews". */
const FIRST_REVIEWS = 5;

/** GET /artists/{id}: one answer for unknown, offline and unapproved alike, so it tells nothing. */
export async function getArtist(c: AppContext, publicId: string): Promise<ArtistPublicProfile> {
  const { db, media } = c.var;
  const found = await visibleArtist(c, publicId);
  const [songs, ratings, reviews, distribution] = await Promise.all([
    listSongs(db, found.user.id),
    ratingsOf(db, [found.user.id]),
    reviewPageOf(c, found.user.id, { limit: FIRST_REVIEWS }),
    starCountsOf(db, found.user.id),
  ]);
  const delivery = promisesOf(c.var.clock.now(), deliverySettingsOf(c.var.config), found.profile);
  return toArtistPublicProfile(
    found.user,
    found.profile,
    songs,
    media,
    ratings.get(found.user.id) ?? unrated,
    delivery,
    {
      reviews: reviews.items,
      reviews_next_cursor: reviews.next_cursor,
      rating_distribution: distribution,
    },
  );
}

/** GET /artists/{id}/reviews: the next reviews of a visible artist, newest first. */
export async function getArtistReviews(
  c: AppContext,
  publicId: string,
  query: v.InferOutput<typeof reviewsQuerySchema>,
): Promise<Page<ArtistReview>> {
  const found = await visibleArtist(c, publicId);
  return reviewPageOf(c, found.user.id, query);
}

async function visibleArtist(c: AppContext, publicId: string) {
  const found = /^[A-Za-z0-9_-]{1,64}$/.test(publicId) ? await findVisibleArtist(c.var.db, publicId) : undefined;
  if (!found) throw new ApiError(404, artistMessages.artistUnavailable);
  return found;
}
