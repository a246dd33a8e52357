import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { ExportKind, ExportQuery } from '../../contracts/operations-home';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';

// GET /admin/exports/{kind}.csv?from=&to=: the rows created in a range of Asia/Manila days, streamed a
// batch at a time in (created_at, id) order through the table's `<table>_created_id` index (0019), so an
// export of a million rows never holds more than one batch in memory.

const BATCH = 1000;
const DAY_MS = 86_400_000;

type Cell = string | number | null;
type Table = 'orders' | 'payments' | 'refunds' | 'payouts';
interface Range {
  from: string | null;
  to: string | null;
}
interface Key {
  created_at: string;
  id: number;
}
interface Row extends Key {
  cells: Cell[];
}

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (= + - @, or a tab or CR
 * first) is prefixed with ' so it shows as text; fields with a comma, quote or line break are quoted.
 */
function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;
const money = (centavos: number | null) => (centavos === null ? null : (centavos / 100).toFixed(2));

/** The ISO instants a range of Manila days covers: from its first day's midnight to the day after its last. */
function rangeOf(query: ExportQuery): Range {
  const midnight = (day: string) => new Date(`${day}T00:00:00+08:00`).getTime();
  return {
    from: query.from ? new Date(midnight(query.from)).toISOString() : null,
    to: query.to ? new Date(midnight(query.to) + DAY_MS).toISOString() : null,
  };
}

/** The rows of `table` in the range after `after`, in (created_at, id) order. */
function within<T extends Table>(table: T, range: Range, after: Key | null) {
  return (eb: ExpressionBuilder<DB, T>): Expression<SqlBool> => {
    const created = sql.ref(`${table}.created_at`);
    const id = sql.ref(`${table}.id`);
    const parts: Expression<SqlBool>[] = [];
    if (range.from) parts.push(sql<SqlBool>`${created} >= ${range.from}`);
    if (range.to) parts.push(sql<SqlBool>`${created} < ${range.to}`);
    if (after)
      parts.push(
        sql<SqlBool>`(${created} > ${after.created_at} or (${created} = ${after.created_at} and ${id} > ${after.id}))`,
      );
    return eb.and(parts);
  };
}

interface ExportSpec {
  header: string[];
  batch(db: Kysely<DB>, range: Range, after: Key | null): Promise<Row[]>;
}

const specs: Record<ExportKind, ExportSpec> = {
  orders: {
    header: [
      'reference',
      'status',
      'created_at',
      'paid_at',
      'accepted_at',
      'delivered_at',
      'due_at',
      'completed_at',
      'cancelled_at',
      'customer_email',
      'artist',
      'occasion',
      'recipient',
      'price_php',
      'platform_fee_php',
      'revisions_used',
    ],
    async batch(db, range, after) {
      const rows = await db
        .selectFrom('orders')
        .innerJoin('users as customer', 'customer.id', 'orders.customer_id')
        .leftJoin('users as artist', 'artist.id', 'orders.artist_id')
        .selectAll('orders')
        .select(['customer.email as customer_email', 'artist.stage_name as artist_name'])
        .where(within('orders', range, after))
        .orderBy('orders.created_at')
        .orderBy('orders.id')
        .limit(BATCH)
        .execute();
      return rows.map((o) => ({
        id: o.id,
        created_at: o.created_at,
        cells: [
          o.reference,
          o.status,
          o.created_at,
          o.paid_at,
          o.accepted_at,
          o.delivered_at,
          o.due_at,
          o.completed_at,
          o.cancelled_at,
          o.customer_email,
          o.artist_name,
          o.occasion_name,
          o.recipient_first_name,
          money(o.price_centavos),
          money(o.platform_fee_centavos),
          o.revisions_used,
        ],
      }));
    },
  },
  payments: {
    header: [
      'id',
      'order_reference',
      'provider',
      'method',
      'txnid',
      'provider_reference',
      'amount',
      'currency',
      'status',
      'created_at',
      'updated_at',
    ],
    async batch(db, range, after) {
      const rows = await db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .selectAll('payments')
        .select('orders.reference as order_reference')
        .where(within('payments', range, after))
        .orderBy('payments.created_at')
        .orderBy('payments.id')
        .limit(BATCH)
        .execute();
      return rows.map((p) => ({
        id: p.id,
        created_at: p.created_at,
        cells: [
          p.id,
          p.order_reference,
          p.provider,
          p.method,
          p.txnid,
          p.refno,
          money(p.amount_centavos),
          p.currency,
          p.status,
          p.created_at,
          p.updated_at,
        ],
      }));
    },
  },
  refunds: {
    header: [
      'id',
      'order_reference',
      'payment_id',
      'amount_php',
      'status',
      'reason',
      'note',
      'reference',
      'created_at',
    ],
    async batch(db, range, after) {
      const rows = await db
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .select([
          'refunds.id',
          'refunds.payment_id',
          'refunds.amount_centavos',
          'refunds.status',
          'refunds.reason_code',
          'refunds.reason',
          'refunds.reference',
          'refunds.created_at',
          'orders.reference as order_reference',
        ])
        .where(within('refunds', range, after))
        .orderBy('refunds.created_at')
        .orderBy('refunds.id')
        .limit(BATCH)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        created_at: r.created_at,
        cells: [
          r.id,
          r.order_reference,
          r.payment_id,
          money(r.amount_centavos),
          r.status,
          r.reason_code,
          r.reason,
          r.reference,
          r.created_at,
        ],
      }));
    },
  },
  payouts: {
    header: [
      'id',
      'order_reference',
      'artist',
      'artist_email',
      'amount_php',
      'status',
      'reference',
      'created_at',
      'paid_at',
    ],
    async batch(db, range, after) {
      const rows = await db
        .selectFrom('payouts')
        .innerJoin('orders', 'orders.id', 'payouts.order_id')
        .innerJoin('users', 'users.id', 'payouts.artist_id')
        .selectAll('payouts')
        .select(['orders.reference as order_reference', 'users.stage_name', 'users.email'])
        .where(within('payouts', range, after))
        .orderBy('payouts.created_at')
        .orderBy('payouts.id')
        .limit(BATCH)
        .execute();
      return rows.map((p) => ({
        id: p.id,
        created_at: p.created_at,
        cells: [
          p.id,
          p.order_reference,
          p.stage_name,
          p.email,
          money(p.amount_centavos),
          p.status,
          p.reference,
          p.created_at,
          p.paid_at,
        ],
      }));
    },
  },
};

/** The export as a download: the header, then one batch per read of the stream (the reader sets the pace). */
export function exportCsv(c: AppContext, kind: ExportKind, query: ExportQuery) {
  const { db } = c.var;
  const spec = specs[kind];
  const range = rangeOf(query);
  const encoder = new TextEncoder();
  let after: Key | null = null;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(spec.header)));
    },
    async pull(controller) {
      const rows = await spec.batch(db, range, after);
      const last = rows.at(-1);
      if (last) {
        controller.enqueue(encoder.encode(rows.map((row) => csvLine(row.cells)).join('')));
        after = { created_at: last.created_at, id: last.id };
      }
      if (rows.length < BATCH) controller.close();
    },
  });
  const name = ['labsongs', kind, query.from ?? 'start', query.to ?? 'now'].join('-');
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
  return c.body(stream);
}
