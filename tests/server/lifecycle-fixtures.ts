import { expect } from 'vitest';
import type { LifecycleFacts } from '../../contracts/lifecycle';
import { ARTIST_PASSWORD, type ArtistAccount, formOf, wavBytes } from './artist-fixtures';
import { type Harness, uniqueEmail } from './harness';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';
import { postForm, txnidOfUrl } from './support/payment-fixtures';

// Shortcuts for the order lifecycle suites: a paid order with its artists, recordings, the three areas.

export const A = '/api/v1/artist';
export const ADMIN = '/api/v1/admin';
export { U } from './orders-fixtures';

/** Pays an order through the sandbox page, as a customer would (the verified callback moves it). */
export async function payOrder(h: Harness, token: string, orderId: number) {
  const checkout = await h.call(
    'POST',
    `/api/v1/user/order/${orderId}/checkout`,
    { paymentMethod: 'sandbox' },
    { token },
  );
  expect(checkout.status, checkout.text).toBe(200);
  const pressed = await postForm(h, `/payments/sandbox/${txnidOfUrl(checkout.body.data.payment.Url)}`, {
    action: 'pay',
  });
  expect(pressed.status).toBeLessThan(400);
}

export interface PaidOrder {
  id: number;
  reference: string;
  customer: { id: number; token: string };
  artists: ArtistAccount[];
}

/** A customer's order offered to `artistCount` online artists, paid. */
export async function paidOrder(
  h: Harness,
  artistCount = 2,
  customer?: { id: number; token: string },
  options: { lyricsApproval?: boolean } = {},
): Promise<PaidOrder> {
  const buyer = customer ?? (await makeCustomer(h));
  const artists: ArtistAccount[] = [];
  // One rate for all: whoever accepts, the price stays what was paid (tests/server/pricing.test.ts has the other case).
  for (let i = 0; i < artistCount; i++) artists.push(await makeRatedArtist(h, { rate: 2500 }));
  const order = await placeOrder(
    h,
    buyer.token,
    artists.map((a) => a.user_id),
    options,
  );
  await payOrder(h, buyer.token, order.id);
  return { id: order.id, reference: order.reference, customer: buyer, artists };
}

/** Uploads a recording as the artist and answers its temp_location. */
export async function uploadRecording(h: Harness, token: string, bytes: Buffer = wavBytes()) {
  const answer = await h.upload(`${A}/order/song/upload`, formOf({}, { file: { bytes, name: 'take.wav' } }), { token });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data.temp_location as string;
}

/** Uploads and submits a recording for the order. */
export async function submitRecording(h: Harness, token: string, orderId: number, lyrics = 'La la la') {
  const location = await uploadRecording(h, token);
  const answer = await h.call(
    'POST',
    `${A}/orders/${orderId}/recording`,
    { temp_location: location, lyrics, human_made: true },
    { token },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer;
}

/** The order's status straight from the database. */
export async function statusOf(h: Harness, orderId: number) {
  const row = await h.database.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Notifications of a user, oldest first. */
export function notificationsOf(h: Harness, userId: number) {
  return h.database.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

// ---- Additions for the model-based paths and the rules suites ---------------------------------------

/** A signed-in customer or admin who can sign in again after the test clock outran their token. */
export interface SignedIn {
  id: number;
  email: string;
  token: string;
  renew(): Promise<void>;
}

const PERSON_PASSWORD = 'Lifecycle123!';

export async function signedIn(h: Harness, type: 'user' | 'admin', prefix: string = type): Promise<SignedIn> {
  const email = uniqueEmail(prefix);
  const user = await h.createAccount({ type, email, password: PERSON_PASSWORD });
  const person: SignedIn = {
    id: user.id,
    email,
    token: await h.login(type, email, PERSON_PASSWORD),
    async renew() {
      person.token = await h.login(type, email, PERSON_PASSWORD);
    },
  };
  return person;
}

/** Signs an artist in again (their token is issued by the test clock too). */
export async function renewArtist(h: Harness, artist: ArtistAccount) {
  artist.token = await h.login('artist', artist.email, ARTIST_PASSWORD);
}

/** What the lifecycle machine reads of an order, straight from the database (open offers: pending rows). */
export async function factsInDb(h: Harness, orderId: number): Promise<LifecycleFacts> {
  const order = await h.database.db
    .selectFrom('orders')
    .select(['status', 'rating', 'revisions_used', 'revision_limit'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const offers = await h.database.db
    .selectFrom('order_artists')
    .select('offer_status')
    .where('order_id', '=', orderId)
    .execute();
  return {
    status: order.status,
    rated: order.rating !== null,
    open_offers: offers.filter((o) => o.offer_status === 'pending').length,
    revisions_used: order.revisions_used,
    revision_limit: order.revision_limit,
  };
}

/** Event types of the order's `order_events`, oldest first. */
export async function eventTypesOf(h: Harness, orderId: number): Promise<string[]> {
  const rows = await h.database.db
    .selectFrom('order_events')
    .select('type')
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.type);
}

/** Every notification row written so far (all users). */
export async function notificationCount(h: Harness): Promise<number> {
  const row = await h.database.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The order's offers by rank: who, and where the offer stands. */
export function offersOf(h: Harness, orderId: number) {
  return h.database.db
    .selectFrom('order_artists')
    .select(['artist_id', 'rank', 'offer_status', 'offered_at', 'expires_at'])
    .where('order_id', '=', orderId)
    .orderBy('rank')
    .execute();
}

/** Starts a sandbox checkout attempt and answers its txnid (the pay page is not pressed). */
export async function startCheckout(h: Harness, token: string, orderId: number): Promise<string> {
  const checkout = await h.call(
    'POST',
    `/api/v1/user/order/${orderId}/checkout`,
    { paymentMethod: 'sandbox' },
    { token },
  );
  expect(checkout.status, checkout.text).toBe(200);
  return txnidOfUrl(checkout.body.data.payment.Url);
}
