import * as v from 'valibot';
import type { OrderStatus } from './order-status';

// The admin's operations home (`/admin`, docs/api.md "Operations home"): what needs a person, the
// charts of the last 30 or 90 days, the CSV exports, and paying all of an artist's payouts at once.

/** The queues of work that waits for a person, in the order the home shows them. */
export const operationsQueues = [
  'needs_artist',
  'overdue',
  'stranded',
  'disputed',
  'refunds_owed',
  'payment_exceptions',
  'payout_accounts_changed',
  'applications_waiting',
  'support_requests',
] as const;
export type OperationsQueue = (typeof operationsQueues)[number];

/** GET /admin/operations → data. */
export interface OperationsCounts {
  queues: Record<OperationsQueue, number>;
  /** When the counts were read (ISO-8601). */
  counted_at: string;
}

/**
 * Orders whose artist left or was suspended while the order still needs them: work to do, a recording
 * with our team, or a delivered song the customer may still send back. The admin's `stranded` stage.
 */
export const strandedStatuses = [
  'in_progress',
  'in_validation',
  'in_revision',
  'delivered',
] as const satisfies readonly OrderStatus[];

/** How recent a payout-account change the home lists. */
export const PAYOUT_CHANGE_DAYS = 7;

/** The charts' periods, in days. */
export const chartPeriods = [30, 90] as const;
export type ChartPeriod = (typeof chartPeriods)[number];

export const operationsMessages = {
  daysInvalid: 'Choose 30 or 90 days',
  dateInvalid: 'Enter a date as yyyy-mm-dd',
  rangeBackwards: 'The end date must be on or after the start date',
  nothingToPay: 'This artist has no payouts ready to be paid.',
  artistNotFound: 'This artist was not found.',
  allPaid: (n: number) => `${n === 1 ? '1 payout' : `${n} payouts`} marked paid.`,
} as const;

/** GET /admin/operations/charts?days=30|90 (default 30). */
export const chartsQuerySchema = v.strictObject({
  days: v.optional(
    v.pipe(v.string(), v.picklist(['30', '90'], operationsMessages.daysInvalid), v.transform(Number)),
    '30',
  ),
});

/** One day (Asia/Manila) of the charts. Money in pesos. */
export interface OperationsDay {
  /** yyyy-mm-dd, Asia/Manila. */
  day: string;
  /** Orders paid that day, and their value (the accepted artist's price once one accepted). */
  paid_orders: number;
  paid_value: number;
  /** Orders an artist accepted that day, and the mean hours from payment to acceptance (null: none). */
  accepted_orders: number;
  accept_hours: number | null;
  /** Orders first delivered that day; of them on or before their due date; of them sent back since. */
  delivered_orders: number;
  on_time_orders: number;
  revised_orders: number;
}

/** GET /admin/operations/charts → data: every day of the period, oldest first, and its totals. */
export interface OperationsCharts {
  days: ChartPeriod;
  from: string;
  to: string;
  series: OperationsDay[];
  totals: {
    paid_orders: number;
    paid_value: number;
    accept_hours: number | null;
    /** Percentages (0–100, one decimal) of the delivered orders; null when none were delivered. */
    on_time_rate: number | null;
    revision_rate: number | null;
  };
}

/** What the home exports as CSV: GET /admin/exports/{kind}.csv. */
export const exportKinds = ['orders', 'payments', 'refunds', 'payouts'] as const;
export type ExportKind = (typeof exportKinds)[number];

const isoDay = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, operationsMessages.dateInvalid),
    v.check(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      operationsMessages.dateInvalid,
    ),
  ),
);

/** ?from=&to= (yyyy-mm-dd, Asia/Manila days, both included; either may be left out). */
export const exportQuerySchema = v.pipe(
  v.strictObject({ from: isoDay, to: isoDay }),
  v.forward(
    v.partialCheck([['from'], ['to']], ({ from, to }) => !from || !to || from <= to, operationsMessages.rangeBackwards),
    ['to'],
  ),
);
export type ExportQuery = v.InferOutput<typeof exportQuerySchema>;

/** POST /admin/artists/{user_id}/payouts/mark-paid → data: the payouts paid by the one transfer. */
export interface ArtistPayoutsPaid {
  payout_ids: number[];
  /** Their orders' references. */
  orders: string[];
  /** Pesos, in all. */
  amount: number;
  reference: string | null;
}
