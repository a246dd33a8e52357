import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArtistCatalogPage } from '../../contracts/artist';
import { genres, vocalTypes } from '../../contracts/options';
import { fakeServer, renderApp } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

const page: ArtistCatalogPage = {
  artists: [
    {
      id: 'a1',
      stage_name: 'Ana Reyes',
      avatar: null,
      genres: ['pop'],
      vocal_type: 'female',
      rating: null,
      rating_count: 0,
      rate: 2500,
      sample: null,
      delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
      rush: null,
    },
  ],
  next_cursor: null,
};

describe('/artists', () => {
  it('drops an unknown filter from an old link instead of sending it (the list still shows)', async () => {
    const server = fakeServer({
      'GET /api/v1/user/artists': () => ({ status: 200, body: { data: page } }),
      'GET /api/v1/user/options': () => ({
        status: 200,
        body: { data: { genres, vocal_types: vocalTypes, base_price: 2500 } },
      }),
    });
    const { router } = renderApp('/artists?genre=nonsense&vocal_type=female');
    expect(await screen.findByRole('heading', { name: 'Ana Reyes' })).toBeTruthy();
    const asked = server.calls.find((c) => c.path === '/api/v1/user/artists');
    expect(asked?.query.has('genre')).toBe(false);
    expect(asked?.query.get('vocal_type')).toBe('female');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ genre: '', vocal_type: 'female' }));
  });
});
