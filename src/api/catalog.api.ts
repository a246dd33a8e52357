import type { ArtistCatalogPage, ArtistPublicProfile } from '../../contracts/artist';
import type { ApiSuccess } from '../../contracts/http';
import type { Page } from '../../contracts/lifecycle';
import type { Option } from '../../contracts/options';
import type { ArtistReview } from '../../contracts/reviews';
import { call } from './call';
import type { Http } from './client';

export interface CatalogQuery {
  genre?: string | undefined;
  vocal_type?: string | undefined;
  q?: string | undefined;
  /** Whole pesos, as text. */
  min_price?: string | undefined;
  max_price?: string | undefined;
  min_rating?: string | undefined;
  /** At most this many days of turnaround, as text. */
  turnaround?: string | undefined;
  /** yyyy-mm-dd: a song ordered now arrives on or before it. */
  deliver_by?: string | undefined;
  sort?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface ArtistOptions {
  genres: Option[];
  vocal_types: Option[];
  base_price: number;
}

/** The public catalogue (user area, no login needed). */
export function catalogApi(http: Http) {
  return {
    options: () => call(async () => (await http.get('options').json<ApiSuccess<ArtistOptions>>()).data),
    artists: (query: CatalogQuery) => {
      const searchParams: Record<string, string> = {};
      for (const [key, value] of Object.entries(query))
        if (value !== undefined && value !== '') searchParams[key] = String(value);
      return call(async () => (await http.get('artists', { searchParams }).json<ApiSuccess<ArtistCatalogPage>>()).data);
    },
    /** The reviews after `cursor` (the artist page's first ones come with the profile). */
    reviews: (id: string, cursor: string) =>
      call(
        async () =>
          (
            await http
              .get(`artists/${encodeURIComponent(id)}/reviews`, { searchParams: { cursor, limit: '5' } })
              .json<ApiSuccess<Page<ArtistReview>>>()
          ).data,
      ),
    artist: (id: string) =>
      call(
        async () => (await http.get(`artists/${encodeURIComponent(id)}`).json<ApiSuccess<ArtistPublicProfile>>()).data,
      ),
  };
}
