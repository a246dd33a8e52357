import type { Kysely, Transaction } from 'kysely';
import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import {
  acceptDelivery,
  acceptOffer,
  type LifecycleSettings,
  newGiftToken,
  payOrder,
  rateOrder,
  submitRecording,
  validateRecording,
} from '../lifecycle/order-actions';
import type { TransitionResult } from '../lifecycle/transition';
import { newOrderReference, recordOrderEvent } from '../orders/orders.repository';
import { offerTermsOf, platformFeeCentavos, priceCentavosOf } from '../orders/pricing';
import { newTempLocation } from '../orders/temp-uploads.repository';
import { newSandboxRefNo, newTxnid } from '../payments/ids';
import { newStoredName, type Storage } from '../services/storage';
import type { DB } from './schema';
import { synthesizeWav, type Tune } from './synth';

// Demo orders at every stage, made through the real lifecycle (events, notifications and payouts
// included), so a fresh `npm start` shows each screen with something on it.

const DAY_MS = 86_400_000;

interface DemoOrder {
  occasion: string;
  recipient: string;
  story: string;
  /** Emails of the artists offered the order, in rank order. */
  artists: string[];
  neededInDays: number;
  /** How far along the lifecycle the order goes. */
  stage: 'offered' | 'in_progress' | 'in_validation' | 'delivered' | 'completed';
  tune: Tune;
  /** A short exchange in the order's thread, customer first, both sides read. */
  messages?: string[];
}

const demoOrders: DemoOrder[] = [
  {
    occasion: 'birthday',
    recipient: 'Lola Carmen',
    story:
      'My grandmother turns 80. She raised six children in Batangas and still sings in the church choir every Sunday.',
    artists: ['artist1@labsongs.test', 'artist3@labsongs.test'],
    neededInDays: 12,
    stage: 'offered',
    tune: { tempo: 96, root: 60, scale: 'major', progression: [0, 3, 4, 0], bars: 4, seed: 31, brightness: 0.2 },
  },
  {
    occasion: 'anniversary',
    recipient: 'Paolo',
    story: 'Ten years married. We met on a rainy jeepney ride in Cubao and have laughed at the same jokes ever since.',
    artists: ['artist1@labsongs.test'],
    neededInDays: 9,
    stage: 'in_progress',
    tune: { tempo: 80, root: 62, scale: 'major', progression: [0, 5, 3, 4], bars: 4, seed: 32, brightness: 0.1 },
    messages: [
      'Could the chorus mention the jeepney? It is our little joke.',
      'Of course! I will bring the rain and the jeepney into the first chorus.',
      'Salamat! He will love it.',
    ],
  },
  {
    occasion: 'graduation',
    recipient: 'Bea',
    story: 'My little sister finishes nursing school this year after working nights at a call centre to pay for it.',
    artists: ['artist1@labsongs.test'],
    neededInDays: 7,
    stage: 'in_validation',
    tune: { tempo: 112, root: 64, scale: 'major', progression: [0, 4, 5, 3], bars: 4, seed: 33, brightness: 0.3 },
  },
  {
    occasion: 'mothers_day',
    recipient: 'Mama',
    story: 'For my mother, who packed my baon every morning for twelve years and never once forgot the extra rice.',
    artists: ['artist2@labsongs.test'],
    neededInDays: 8,
    stage: 'delivered',
    tune: { tempo: 72, root: 57, scale: 'major', progression: [0, 3, 4, 4], bars: 4, seed: 34, brightness: 0.15 },
  },
  {
    occasion: 'thank_you',
    recipient: 'Coach Ramon',
    story:
      'Our basketball coach retires after twenty seasons. He taught a whole barangay to play fair and never give up.',
    artists: ['artist2@labsongs.test'],
    neededInDays: 6,
    stage: 'completed',
    tune: { tempo: 120, root: 65, scale: 'major', progression: [0, 4, 3, 4], bars: 4, seed: 35, brightness: 0.25 },
  },
];

type Trx = Transaction<DB>;

async function idOf(trx: Trx, type: 'user' | 'artist' | 'admin', email: string): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where('type', '=', type)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

function briefOf(order: DemoOrder, neededBy: string, artistIds: string[]) {
  return {
    occasion: {
      gifter_first_name: 'Maria',
      gifter_last_name: 'Santos',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'customer@labsongs.test',
      recipient_first_name: order.recipient,
      recipient_last_name: '',
      recipient_relationship: 'other',
      recipient_pronunciation: '',
      recipient_mentioned: true,
      occasion_name: order.occasion,
      occasion_mentioned: true,
    },
    song: {
      selected_artists: artistIds,
      song_mood: 'sentimental',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: neededBy,
    },
    story: {
      song_about: order.story,
      song_prompt1_title: '',
      song_prompt1_details: '',
      song_prompt2_title: '',
      song_prompt2_details: '',
      song_clip: null,
      song_prompt1_clip: null,
      song_prompt2_clip: null,
      audio_recording1_clip: null,
      audio_recording2_clip: null,
    },
  };
}

/** A conversation already read by both sides: the thread has history, the bell and badges stay quiet. */
async function seedThread(
  trx: Trx,
  thread: { orderId: number; customerId: number; artistId: number; texts: string[]; tick: () => Date },
) {
  let lastId = 0;
  for (const [index, body] of thread.texts.entries()) {
    const byCustomer = index % 2 === 0;
    const row = await trx
      .insertInto('order_messages')
      .values({
        order_id: thread.orderId,
        author_role: byCustomer ? 'customer' : 'artist',
        author_id: byCustomer ? thread.customerId : thread.artistId,
        client_id: `demo-${thread.orderId}-${index}`,
        body,
        created_at: thread.tick().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lastId = row.id;
  }
  await trx
    .insertInto('order_message_reads')
    .values(
      // Reader 0 is the team (messages.repository readerIdOf).
      [thread.customerId, thread.artistId, 0].map((reader_id) => ({
        order_id: thread.orderId,
        reader_id,
        last_read_id: lastId,
      })),
    )
    .execute();
}

/**
 * Places, pays and moves the demo orders of customer@labsongs.test (the recordings' files go if it fails);
 * the mails they queued are marked skipped.
 */
export async function seedDemoOrders(deps: {
  db: Kysely<DB>;
  storage: Storage;
  now: Date;
  settings: LifecycleSettings;
  platformFeePercent: number;
}): Promise<void> {
  const { db, storage, settings } = deps;
  const written: string[] = [];
  // Each step a little later than the one before, all within the last hour (offers stay open).
  let clock = deps.now.getTime() - 60 * 60_000;
  const tick = () => {
    clock += 60_000;
    return new Date(clock);
  };
  try {
    const recordings = await Promise.all(
      demoOrders.map(async (order) => {
        const wav = synthesizeWav(order.tune);
        const key = newStoredName('wav');
        await storage.write('clips', key, wav);
        written.push(key);
        return { key, size: wav.length };
      }),
    );
    await db.transaction().execute(async (trx) => {
      const customerId = await idOf(trx, 'user', 'customer@labsongs.test');
      const adminId = await idOf(trx, 'admin', 'admin@labsongs.test');
      for (const [index, demo] of demoOrders.entries()) {
        const artists = await Promise.all(demo.artists.map((email) => idOf(trx, 'artist', email)));
        const publicIds = await Promise.all(
          artists.map(async (id) => {
            const row = await trx.selectFrom('users').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
            return row.user_id;
          }),
        );
        const profiles = await trx.selectFrom('artist_profiles').selectAll().where('user_id', 'in', artists).execute();
        const profileOf = (id: number) => profiles.find((profile) => profile.user_id === id);
        // Priced as any order: the highest rate up front, each offer at its own artist's rate.
        const price = priceCentavosOf(artists.map(profileOf)) ?? BASE_PRICE_CENTAVOS;
        const neededBy = new Date(deps.now.getTime() + demo.neededInDays * DAY_MS).toISOString().slice(0, 10);
        const at = tick().toISOString();
        const order = await trx
          .insertInto('orders')
          .values({
            reference: newOrderReference(),
            customer_id: customerId,
            status: 'awaiting_payment',
            price_centavos: price,
            platform_fee_centavos: platformFeeCentavos(price, deps.platformFeePercent),
            // The demo orders walk straight to their recordings: no lyrics step (docs/decisions.md "Lyrics for approval").
            lyrics_approval: 0,
            occasion_name: demo.occasion,
            recipient_first_name: demo.recipient,
            needed_by: neededBy,
            brief: JSON.stringify(briefOf(demo, neededBy, publicIds)),
            created_at: at,
            updated_at: at,
            paid_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_artists')
          .values(
            artists.map((artist_id, rank) => ({
              order_id: order.id,
              artist_id,
              rank: rank + 1,
              ...offerTermsOf(profileOf(artist_id), deps.platformFeePercent),
            })),
          )
          .execute();
        await recordOrderEvent(trx, { orderId: order.id, type: 'created', actor: 'customer', actorId: customerId, at });
        const steps: ((t: Trx) => Promise<TransitionResult>)[] = [
          async (t) => {
            // Paid like any order: a succeeded sandbox payment, so her payment history matches her orders.
            const paidAt = tick();
            const payment = await t
              .insertInto('payments')
              .values({
                order_id: order.id,
                provider: 'sandbox',
                method: 'gcash',
                txnid: newTxnid(),
                refno: newSandboxRefNo(),
                amount_centavos: price,
                currency: 'PHP',
                status: 'succeeded',
                raw_status: 'succeeded',
                created_at: at,
                updated_at: paidAt.toISOString(),
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            return payOrder(t, {
              orderId: order.id,
              at: paidAt,
              payload: { payment_id: payment.id, provider: 'sandbox', txnid: payment.txnid, refno: payment.refno },
              settings,
            });
          },
        ];
        const artist = artists[0] as number;
        const recording = recordings[index] as { key: string; size: number };
        const upload = async (t: Trx) => {
          const location = newTempLocation();
          await t
            .insertInto('temp_uploads')
            .values({
              temp_location: location,
              user_id: artist,
              file_key: recording.key,
              mime: 'audio/wav',
              size: recording.size,
              created_at: new Date(clock).toISOString(),
            })
            .execute();
          return submitRecording(t, {
            orderId: order.id,
            artistId: artist,
            tempLocation: location,
            lyrics: `A song for ${demo.recipient}\n\n${demo.story}`,
            at: tick(),
          });
        };
        const reached = ['offered', 'in_progress', 'in_validation', 'delivered', 'completed'].indexOf(demo.stage);
        if (reached >= 1) steps.push((t) => acceptOffer(t, { orderId: order.id, artistId: artist, at: tick() }));
        if (reached >= 2) steps.push(upload);
        if (reached >= 3) steps.push((t) => validateRecording(t, { orderId: order.id, adminId, at: tick() }));
        if (reached >= 4) {
          steps.push((t) => acceptDelivery(t, { orderId: order.id, customerId, at: tick() }));
          steps.push((t) =>
            rateOrder(t, {
              orderId: order.id,
              customerId,
              rating: 5,
              review: 'Everyone cried. Thank you!',
              at: tick(),
            }),
          );
        }
        for (const step of steps) await step(trx);
        if (demo.messages)
          await seedThread(trx, { orderId: order.id, customerId, artistId: artist, texts: demo.messages, tick });
        if (demo.stage === 'completed') {
          await trx.updateTable('orders').set({ gift_token: newGiftToken() }).where('id', '=', order.id).execute();
        }
      }
    });
  } catch (error) {
    await Promise.all(written.map((name) => storage.remove('clips', name)));
    throw error;
  }
  // The demo orders are history, not news: the mails their transitions queued are not sent.
  await db.updateTable('mail_outbox').set({ status: 'skipped' }).where('status', '=', 'pending').execute();
}
