import type { ArtistCatalogPage, ArtistPublicProfile } from '../../contracts/artist';
import type { ApiSuccess } from '../../contracts/http';
import type { Option } from '../../contracts/options';
import { call } from './call';
import type { Http } from './client';

export interface CatalogQuery {
  genre?: string | undefined;
  vocal_type?: string | undefined;
  q?: string | undefined;
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
    artist: (id: string) =>
      call(
        async () => (await http.get(`artists/${encodeURIComponent(id)}`).json<ApiSuccess<ArtistPublicProfile>>()).data,
      ),
  };
}
