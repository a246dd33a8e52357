import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import {
  type ChartPeriod,
  chartPeriods,
  type ExportKind,
  exportKinds,
  type OperationsDay,
  type OperationsQueue,
  operationsQueues,
} from '../../contracts/operations-home';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { useCsvExport, useOperationsCharts, useOperationsCounts } from './operations-home';
import { panel } from './paged-list';

/** Each queue: what it holds and where it is resolved. */
const queues: Record<OperationsQueue, { label: string; link: { to: string; search?: Record<string, string> } }> = {
  needs_artist: { label: 'Orders without an artist', link: { to: '/admin/orders', search: { stage: 'needs_artist' } } },
  overdue: { label: 'Overdue orders', link: { to: '/admin/orders', search: { stage: 'overdue' } } },
  stranded: { label: 'Orders left by their artist', link: { to: '/admin/orders', search: { stage: 'stranded' } } },
  disputed: { label: 'Disputed orders', link: { to: '/admin/orders', search: { stage: 'disputed' } } },
  refunds_owed: { label: 'Refunds to send', link: { to: '/admin/refunds' } },
  payment_exceptions: { label: 'Payments to decide', link: { to: '/admin/payments' } },
  payout_accounts_changed: { label: 'Payout accounts changed (7 days)', link: { to: '/admin/payouts' } },
  applications_waiting: { label: 'Applications waiting', link: { to: '/admin/applications' } },
  support_requests: { label: 'Support requests', link: { to: '/admin/support' } },
};

const exportLabels: Record<ExportKind, string> = {
  orders: 'Orders',
  payments: 'Payments',
  refunds: 'Refunds',
  payouts: 'Payouts',
};

const h2 = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const section = `${panel} ${css({ p: '4', mb: '6' })}`;

/** /admin: what needs a person, how the last 30 or 90 days went, and the CSV exports. */
export function OperationsPage() {
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Operations</h1>
      <Queues />
      <Charts />
      <Exports />
    </div>
  );
}

function Queues() {
  const counts = useOperationsCounts();
  return (
    <section aria-labelledby="queues-title" className={section}>
      <h2 id="queues-title" className={h2}>
        Needs a person
      </h2>
      {counts.failed ? (
        <p role="alert">
          {counts.error}{' '}
          <Button size="sm" color="secondary" onClick={counts.retry}>
            Try again
          </Button>
        </p>
      ) : !counts.data ? (
        <p role="status">Counting…</p>
      ) : (
        <ul
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            gap: '3',
            listStyle: 'none',
          })}
        >
          {operationsQueues.map((queue) => {
            const n = counts.data?.queues[queue] ?? 0;
            return (
              <li key={queue} data-testid={`queue-${queue}`}>
                <Link
                  {...(queues[queue].link as { to: '/admin/orders' })}
                  className={css({
                    display: 'block',
                    p: '3',
                    borderWidth: '1px',
                    borderRadius: 'md',
                    borderColor: n > 0 ? 'brand.300' : 'border.default',
                    textDecoration: 'none',
                    color: 'fg.default',
                    _hover: { bg: 'bg.subtle' },
                    _focusVisible: { outline: '2px solid', outlineColor: 'brand.500' },
                  })}
                >
                  <span className={css({ display: 'block', fontSize: '2xl', fontWeight: 'extrabold' })}>{n}</span>
                  <span className={css({ fontSize: 'sm' })}>{queues[queue].label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

interface Series {
  title: string;
  value: (d: OperationsDay) => number | null;
  format: (n: number) => string;
}

const manilaDate = (day: string) =>
  new Date(`${day}T00:00:00+08:00`).toLocaleDateString('en-PH', {
    month: 'short',
    day: 'numeric',
    timeZone: 'Asia/Manila',
  });

function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

const series: Series[] = [
  { title: 'Orders paid per day', value: (d) => d.paid_orders, format: String },
  { title: 'Paid value per day', value: (d) => d.paid_value, format: (n) => formatPesosWithCentavos(n) },
  {
    title: 'Hours from payment to acceptance (mean)',
    value: (d) => d.accept_hours,
    format: (n) => `${n} h`,
  },
  {
    title: 'On-time delivery',
    value: (d) => rate(d.on_time_orders, d.delivered_orders),
    format: (n) => `${n}%`,
  },
  {
    title: 'Revision rate',
    value: (d) => rate(d.revised_orders, d.delivered_orders),
    format: (n) => `${n}%`,
  },
];

function Charts() {
  const [days, setDays] = useState<ChartPeriod>(30);
  const charts = useOperationsCharts(days);
  const data = charts.data;
  return (
    <section aria-labelledby="charts-title" className={section}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mb: '3' })}>
        <h2 id="charts-title" className={`${h2} ${css({ mb: '0' })}`}>
          The last {days} days
        </h2>
        <fieldset className={css({ display: 'flex', gap: '2', ml: 'auto' })}>
          <legend className={css({ srOnly: true })}>Period</legend>
          {chartPeriods.map((period) => (
            <Button
              key={period}
              size="sm"
              color={period === days ? 'primary' : 'secondary'}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              {period} days
            </Button>
          ))}
        </fieldset>
      </div>
      {charts.failed ? (
        <p role="alert">
          {charts.error}{' '}
          <Button size="sm" color="secondary" onClick={charts.retry}>
            Try again
          </Button>
        </p>
      ) : !data ? (
        <p role="status">Loading the charts…</p>
      ) : (
        <>
          <dl className={css({ display: 'flex', flexWrap: 'wrap', gap: '6', mb: '4' })} data-testid="chart-totals">
            <Total label="Orders paid" value={String(data.totals.paid_orders)} />
            <Total label="Paid value" value={formatPesosWithCentavos(data.totals.paid_value)} />
            <Total
              label="Time to accept"
              value={data.totals.accept_hours === null ? '–' : `${data.totals.accept_hours} h`}
            />
            <Total label="On time" value={data.totals.on_time_rate === null ? '–' : `${data.totals.on_time_rate}%`} />
            <Total label="Revised" value={data.totals.revision_rate === null ? '–' : `${data.totals.revision_rate}%`} />
          </dl>
          <div
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, 1fr)' }, gap: '6' })}
          >
            {series.map((s) => (
              <BarChart key={s.title} series={s} days={data.series} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{value}</dd>
    </div>
  );
}

/** A bar per day (SVG, decorative to screen readers) with the same figures as a table for them and on request. */
function BarChart({ series: s, days }: { series: Series; days: OperationsDay[] }) {
  const values = days.map(s.value);
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  const width = 300;
  const height = 100;
  const bar = width / days.length;
  return (
    <figure className={css({ m: '0' })}>
      <figcaption className={css({ fontWeight: 'semibold', mb: '2' })}>{s.title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        className={css({ w: 'full', h: '24', bg: 'bg.subtle', borderRadius: 'sm' })}
      >
        {values.map((v, i) =>
          v ? (
            <rect
              key={days[i]?.day}
              x={i * bar + bar * 0.1}
              width={bar * 0.8}
              y={height - (v / max) * height}
              height={(v / max) * height}
              className={css({ fill: 'brand.500' })}
            />
          ) : null,
        )}
      </svg>
      <details className={css({ mt: '2', fontSize: 'sm' })}>
        <summary
          className={css({ cursor: 'pointer', _focusVisible: { outline: '2px solid', outlineColor: 'brand.500' } })}
        >
          {s.title}: the figures
        </summary>
        <table className={css({ mt: '2', w: 'full' })}>
          <thead>
            <tr>
              <th scope="col" className={css({ textAlign: 'left' })}>
                Day
              </th>
              <th scope="col" className={css({ textAlign: 'right' })}>
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row" className={css({ textAlign: 'left', fontWeight: 'normal' })}>
                  {manilaDate(d.day)}
                </th>
                <td className={css({ textAlign: 'right' })}>
                  {values[i] === null ? '–' : s.format(values[i] as number)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

function Exports() {
  const csv = useCsvExport();
  return (
    <section aria-labelledby="exports-title" className={section}>
      <h2 id="exports-title" className={h2}>
        Export as CSV
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>
        Rows created in the range of days (Manila time), both days included; leave a date empty for no limit.
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4' })}>
        <TextField
          label="From"
          type="date"
          name="from"
          value={csv.from}
          errors={csv.errors.from}
          onValueChange={(value) => csv.actor.send({ type: 'from.changed', value })}
        />
        <TextField
          label="To"
          type="date"
          name="to"
          value={csv.to}
          errors={csv.errors.to}
          onValueChange={(value) => csv.actor.send({ type: 'to.changed', value })}
        />
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {exportKinds.map((kind) => (
          <Button
            key={kind}
            color="secondary"
            loading={csv.busy === kind}
            disabled={csv.busy !== null}
            onClick={() => csv.actor.send({ type: 'user.export', kind })}
          >
            Download {exportLabels[kind].toLowerCase()} CSV
          </Button>
        ))}
      </div>
    </section>
  );
}
