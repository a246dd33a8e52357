import { expect } from 'vitest';
import type { TempOrderClip } from '../../contracts/order';
import { seedDemoOrders } from '../../server/db/seed-orders';
import { lifecycleSettingsOf } from '../../server/lifecycle/settings';
import { type ArtistAccount, formOf, makeArtist, makeCustomer, wavBytes } from './artist-fixtures';
import type { Harness } from './harness';

// Bodies and shortcuts shared by the orders-*.test.ts files (and usable by the payments tests):
// a draft through its three steps, committed, with artists whose rates are known.

export const U = '/api/v1/user';
export const DAY_MS = 86_400_000;

/** yyyy-mm-dd of the harness clock + `days` (UTC, like the server). */
export const dayFromNow = (h: Harness, days: number) =>
  new Date(h.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

export const occasionBody = (overrides: Record<string, unknown> = {}) => ({
  gifter_first_name: 'Maria',
  gifter_last_name: 'Santos',
  gifter_contact_number: '917 123 4567',
  gifter_dial_code: '+63',
  gifter_country: 'PH',
  gifter_email: 'maria@example.test',
  recipient_first_name: 'Jose',
  recipient_last_name: 'Rizal',
  recipient_relationship: 'partner',
  recipient_pronunciation: 'ho-SEH',
  recipient_mentioned: true,
  occasion_name: 'birthday',
  occasion_mentioned: false,
  ...overrides,
});

export const songBody = (h: Harness, artists: string[], overrides: Record<string, unknown> = {}) => ({
  selected_artists: artists,
  song_mood: 'romantic',
  song_tempo: 'medium',
  genre: 'pop',
  vocal_type: 'female',
  is_rebook: false,
  needed_by: dayFromNow(h, 10),
  rush: false,
  extra_revisions: 0,
  ...overrides,
});

export const storyBody = (overrides: Record<string, unknown> = {}) => ({
  song_about: 'Our ten years together, the beach in La Union and the song we danced to at our wedding.',
  song_prompt1_title: 'How we met',
  song_prompt1_details: 'At a jeepney stop in the rain.',
  song_prompt2_title: '',
  song_prompt2_details: '',
  song_clip: null,
  song_prompt1_clip: null,
  song_prompt2_clip: null,
  audio_recording1_clip: null,
  audio_recording2_clip: null,
  ...overrides,
});

/** An approved, online artist with a rate in whole pesos (no rate: the base price). */
export async function makeRatedArtist(
  h: Harness,
  options: { rate?: number; online?: boolean; status?: 'approved' | 'for_review' | 'rejected' } = {},
): Promise<ArtistAccount> {
  const artist = await makeArtist(h, { status: options.status ?? 'approved', online: options.online ?? true });
  if (options.rate !== undefined) {
    const at = h.clock.now().toISOString();
    await h.database.db
      .insertInto('artist_profiles')
      .values({ user_id: artist.id, rate_centavos: options.rate * 100, created_at: at, updated_at: at })
      .execute();
  }
  return artist;
}

export { makeCustomer };

/** Uploads a clip as the customer and returns its TempOrderClip. */
export async function uploadClip(h: Harness, token: string, bytes: Buffer = wavBytes()): Promise<TempOrderClip> {
  const answer = await h.upload(`${U}/temp-order/upload`, formOf({}, { file: { bytes, name: 'voice.wav' } }), {
    token,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as TempOrderClip;
}

/** A draft with the occasion saved; answers its id. */
export async function createDraft(h: Harness, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await h.call('POST', `${U}/temp-order`, occasionBody(overrides), { token });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data.order_id as number;
}

/** A draft with all three steps saved; answers its id. */
export async function completeDraft(
  h: Harness,
  token: string,
  artists: string[],
  options: { song?: Record<string, unknown>; story?: Record<string, unknown> } = {},
): Promise<number> {
  const id = await createDraft(h, token);
  const song = await h.call('PATCH', `${U}/temp-order/${id}/song`, songBody(h, artists, options.song), { token });
  expect(song.status, song.text).toBe(200);
  const story = await h.call('PATCH', `${U}/temp-order/${id}/story`, storyBody(options.story), { token });
  expect(story.status, story.text).toBe(200);
  return id;
}

/** A committed order (awaiting payment); answers the Order. */
export async function placeOrder(
  h: Harness,
  token: string,
  artists: string[],
  options: { lyricsApproval?: boolean } = {},
) {
  const id = await completeDraft(h, token, artists);
  const answer = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token });
  expect(answer.status, answer.text).toBe(201);
  const order = answer.body.data as { id: number; reference: string; price: number; status: string };
  // A new order asks for lyrics approval (docs/decisions.md "Lyrics for approval"); the suites that are not
  // about lyrics turn it off, as a customer may, so their artists record straight away.
  if (!options.lyricsApproval) {
    const off = await h.call('PUT', `${U}/orders/${order.id}/lyrics-approval`, { on: false }, { token });
    expect(off.status, off.text).toBe(200);
  }
  return order;
}

/** The demo's orders, as `npm start` adds them after the demo accounts (seedDemoData first). */
export function seedDemoOrdersIn(h: Harness): Promise<void> {
  return seedDemoOrders({
    db: h.database.db,
    storage: h.storage,
    now: h.clock.now(),
    settings: lifecycleSettingsOf(h.config),
    platformFeePercent: h.config.platformFeePercent,
  });
}
