import type * as v from 'valibot';
import type { markPaidSchema } from '../../contracts/lifecycle';
import {
  type ArtistPayoutsPaid,
  type chartsQuerySchema,
  type OperationsCounts,
  operationsMessages,
} from '../../contracts/operations-home';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueueMail } from '../mail/queue';
import { adminIds, ChangeSet, publishCommitted } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';
import { assertPayableAccount } from '../services/payout-account';
import { operationsCharts, queueCounts } from './operations.repository';

/** GET /admin/operations: how many items wait in each queue. */
export async function getOperations(c: AppContext) {
  const now = c.var.clock.now();
  const body: OperationsCounts = { queues: await queueCounts(c.var.db, now), counted_at: now.toISOString() };
  return ok(c, body);
}

/** GET /admin/operations/charts?days=30|90. */
export async function getCharts(c: AppContext, query: v.InferOutput<typeof chartsQuerySchema>) {
  return ok(c, await operationsCharts(c.var.db, c.var.clock.now(), query.days as 30 | 90));
}

/**
 * POST /admin/artists/{user_id}/payouts/mark-paid {reference}: every pending payout of the artist whose
 * order is completed (held ones stay), in one transaction, with one reference. The artist gets one
 * notification and one "payout sent" mail for the whole transfer; 409 when nothing is ready to pay.
 */
export async function markArtistPayoutsPaid(
  c: AppContext,
  artistPublicId: string,
  body: v.InferOutput<typeof markPaidSchema>,
) {
  const { db, clock, hub } = c.var;
  const at = clock.now();
  const iso = at.toISOString();
  const adminId = currentAuth(c).user.id;
  const artist = await db
    .selectFrom('users')
    .select('id')
    .where('type', '=', 'artist')
    .where('user_id', '=', artistPublicId)
    .executeTakeFirst();
  if (!artist) throw new ApiError(404, operationsMessages.artistNotFound);

  const { answer, notified, changes } = await db.transaction().execute(async (trx) => {
    await assertPayableAccount(trx, artist.id);
    const payable = await trx
      .selectFrom('payouts')
      .innerJoin('orders', 'orders.id', 'payouts.order_id')
      .select('payouts.id')
      .where('payouts.artist_id', '=', artist.id)
      .where('payouts.status', '=', 'pending')
      // A payout whose order was disputed or cancelled after completion is held (as the single mark-paid).
      .where('orders.status', '=', 'completed')
      .execute();
    // The conditional update claims them: one paid meanwhile (another admin) is not paid twice.
    const moved =
      payable.length === 0
        ? []
        : await trx
            .updateTable('payouts')
            .set({ status: 'paid', paid_at: iso, paid_by: adminId, reference: body.reference || null })
            .where(
              'id',
              'in',
              payable.map((p) => p.id),
            )
            .where('status', '=', 'pending')
            .returningAll()
            .execute();
    if (moved.length === 0) throw new ApiError(409, operationsMessages.nothingToPay);
    moved.sort((a, b) => a.id - b.id);
    const orders = await trx
      .selectFrom('orders')
      .select(['id', 'reference'])
      .where(
        'id',
        'in',
        moved.map((p) => p.order_id),
      )
      .orderBy('id')
      .execute();
    const references = orders.map((o) => o.reference);
    const amount = moved.reduce((total, p) => total + p.amount_centavos, 0);
    const first = moved[0] as (typeof moved)[number];
    await enqueueMail(
      trx,
      { userId: artist.id },
      {
        kind: 'payout_paid',
        data: { amount_centavos: amount, reference: body.reference || null, orders: references },
        // A payout is paid once, so its id and the batch's size name this transfer.
        key: `payout_paid:payout${first.id}+${moved.length}`,
        at,
      },
    );
    const notified = await insertNotifications(
      trx,
      [
        {
          userId: artist.id,
          type: 'payout_paid',
          orderId: moved.length === 1 ? first.order_id : null,
          title: 'Payout sent',
          body:
            moved.length === 1
              ? `Your earning for order ${references[0]} was transferred.`
              : `Your earnings for ${moved.length} orders (${references.join(', ')}) were transferred.`,
        },
      ],
      iso,
    );
    const viewers = [artist.id, ...(await adminIds(trx))];
    const changes = new ChangeSet();
    const referenceOf = new Map(orders.map((o) => [o.id, o.reference]));
    for (const p of moved) {
      changes.add(
        {
          kind: 'payout',
          id: p.id,
          status: p.status,
          order_id: p.order_id,
          reference: referenceOf.get(p.order_id) ?? '',
        },
        viewers,
      );
    }
    const answer: ArtistPayoutsPaid = {
      payout_ids: moved.map((p) => p.id),
      orders: references,
      amount: amount / 100,
      reference: body.reference || null,
    };
    return { answer, notified, changes };
  });
  publishCommitted(hub, { notified, changes });
  return ok(c, answer, operationsMessages.allPaid(answer.payout_ids.length));
}
