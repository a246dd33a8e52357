import type { AuthUser } from '../../contracts/account';
import type { Page } from '../../contracts/lifecycle';
import { genres, vocalTypes } from '../../contracts/options';
import { moods, occasions, paymentMethodOptions, paymentMethods, relationships, tempos } from '../../contracts/order';
import { storageKeys } from '../../contracts/storage-keys';
import { fakeServer, fakeToken, makeUser, storeSession } from './app-harness';

// Data and answers the UI tests share: one signed-in admin, one customer's order draft, the API's envelope.

/** A 200 answer in the API's envelope, with the toast's message when there is one. */
export const ok = (data: unknown, message?: string) => ({ status: 200, body: message ? { message, data } : { data } });

/** One page of a paged list (null: the last). */
export const pageOf = <T>(items: T[], next_cursor: string | null = null): Page<T> => ({ items, next_cursor });

export const adminUser: AuthUser = makeUser({
  id: 50,
  user_id: 'ADM-50',
  type: 'admin',
  full_name: 'Lab Admin',
  first_name: 'Lab',
  last_name: 'Admin',
  email: 'admin@labsongs.test',
});

/** GET /admin/auth/me for the signed-in admin. */
export const adminMe = () => ok(adminUser);

/** Stores an admin token as a previous visit would have left it. */
export const signInAdmin = () => localStorage.setItem(storageKeys.adminToken, fakeToken());

/** GET /options: the order form's choices and the base price. */
export const orderOptions = {
  genres,
  vocal_types: vocalTypes,
  base_price: 2500,
  occasions,
  relationships,
  moods,
  tempos,
  payment_methods: paymentMethodOptions(
    paymentMethods.map((m) => m.value),
    'sandbox',
  ),
};

/** A customer's saved occasion step. */
export const occasionStep = {
  gifter_first_name: 'Maria',
  gifter_last_name: 'Santos',
  gifter_contact_number: '9171234567',
  gifter_dial_code: '+63',
  gifter_country: 'PH',
  gifter_email: 'customer@labsongs.test',
  recipient_first_name: 'Lola',
  recipient_last_name: '',
  recipient_relationship: 'grandparent',
  recipient_pronunciation: '',
  recipient_mentioned: true,
  occasion_name: 'birthday',
  occasion_mentioned: false,
};

/** A customer's saved song step, with the one artist chosen. */
export const songStep = {
  selected_artists: ['a1'],
  song_mood: 'happy',
  song_tempo: 'slow',
  genre: 'pop',
  vocal_type: 'any',
  is_rebook: false,
  needed_by: '2030-01-15',
  rush: false,
  extra_revisions: 0,
  artists: [
    {
      id: 'a1',
      stage_name: 'Liza Sings',
      rate: 3200,
      price: 3200,
      delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
      rush: null,
    },
  ],
};

/** A signed-in customer and the calls every order page makes (no artist online); `extra` adds or replaces answers. */
export function customerServer(extra: Parameters<typeof fakeServer>[0] = {}) {
  const user = makeUser();
  storeSession(user);
  return fakeServer({
    'GET /api/v1/user/auth/me': () => ok(user),
    'GET /api/v1/user/options': () => ok(orderOptions),
    'GET /api/v1/user/artists': () => ok({ artists: [], next_cursor: null }),
    ...extra,
  });
}
