import type * as v from 'valibot';
import type { Page } from '../../contracts/lifecycle';
import {
  type AdminPaymentException,
  paymentExceptionMessages,
  type paymentExceptionsQuerySchema,
  type ResolvePaymentException,
} from '../../contracts/payment-exceptions';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { lifecycleSettingsOf } from '../lifecycle/settings';
import { publishCommitted } from '../notifications/live-changes';
import { pesos } from '../orders/pricing';
import { resolvePaymentException } from './exceptions';

// The admin's payments that need a decision: GET /api/v1/admin/payment-exceptions and
// POST /api/v1/admin/payment-exceptions/{id}/resolve (routes in server/admin/admin.routes.ts).

function exceptionsQuery(c: AppContext) {
  return c.var.db
    .selectFrom('payment_exceptions as x')
    .innerJoin('payments as p', 'p.id', 'x.payment_id')
    .innerJoin('orders as o', 'o.id', 'x.order_id')
    .innerJoin('users as u', 'u.id', 'o.customer_id')
    .selectAll('x')
    .select([
      'p.provider',
      'p.method',
      'p.refno',
      'p.status as payment_status',
      'p.currency as payment_currency',
      'o.reference as order_reference',
      'o.status as order_status',
      'o.currency as order_currency',
      'o.price_centavos',
      'u.first_name',
      'u.last_name',
      'u.email',
    ]);
}
type Joined = Awaited<ReturnType<ReturnType<typeof exceptionsQuery>['executeTakeFirstOrThrow']>>;

const toAdminException = (r: Joined): AdminPaymentException => ({
  id: r.id,
  kind: r.kind,
  order_id: r.order_id,
  order_reference: r.order_reference,
  order_status: r.order_status,
  customer: { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
  payment: { id: r.payment_id, provider: r.provider, method: r.method, reference: r.refno, status: r.payment_status },
  expected: { amount: pesos(r.expected_centavos), currency: r.order_currency },
  received: {
    amount: r.received_centavos === null ? null : pesos(r.received_centavos),
    currency: r.received_currency,
  },
  created_at: r.created_at,
  resolved_at: r.resolved_at,
  resolution: r.resolution,
  note: r.note,
  // The same rule the payment-attempt machine applies (canAccept): the screen offers only what will pass.
  can_accept:
    r.resolved_at === null &&
    r.payment_status === 'held' &&
    r.order_status === 'awaiting_payment' &&
    r.received_currency === r.order_currency &&
    (r.received_centavos ?? 0) >= r.price_centavos,
});

/** GET /payment-exceptions?status=open|resolved: open oldest first (to decide in order), resolved newest first. */
export async function listPaymentExceptions(c: AppContext, query: v.InferOutput<typeof paymentExceptionsQuerySchema>) {
  const open = query.status === 'open';
  const direction = open ? 'asc' : 'desc';
  let q = exceptionsQuery(c).where('x.resolved_at', open ? 'is' : 'is not', null);
  if (query.cursor) q = q.where('x.id', open ? '>' : '<', Number(query.cursor));
  const rows = await q
    .orderBy('x.id', direction)
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(toAdminException);
  const body: Page<AdminPaymentException> = {
    items,
    next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null,
  };
  return ok(c, body);
}

/** POST /payment-exceptions/{id}/resolve {action, note}: 404 unknown, 409 decided or not allowed. */
export async function resolvePaymentExceptionHandler(c: AppContext, id: number, body: ResolvePaymentException) {
  const { db, clock, hub, config, logger } = c.var;
  const adminId = currentAuth(c).user.id;
  const { step } = await db.transaction().execute((trx) =>
    resolvePaymentException(trx, {
      exceptionId: id,
      action: body.action,
      note: body.note,
      adminId,
      at: clock.now(),
      settings: lifecycleSettingsOf(config),
    }),
  );
  publishCommitted(hub, step);
  logger.info('payment exception resolved', {
    exception_id: id,
    action: body.action,
    payment_id: step.payment.id,
    order_id: step.payment.order_id,
    to: step.payment.status,
  });
  const row = await exceptionsQuery(c).where('x.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, paymentExceptionMessages.notFound);
  return ok(
    c,
    toAdminException(row),
    body.action === 'accept' ? paymentExceptionMessages.accepted : paymentExceptionMessages.refunded,
  );
}
