import { useId } from 'react';
import { css } from 'styled-system/css';
import { formatMonth, formatPesosWithCentavos } from '../../../../contracts/format';
import type { Earnings } from '../../../../contracts/lifecycle';

/** "2026-03" → "Mar 2026" (a calendar month, not shifted by the viewer's zone). */
const monthLabel = (month: string, style: 'long' | 'short' = 'long'): string =>
  formatMonth(month, { year: style === 'long' });

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value. */
function axisMax(values: readonly number[]): number {
  const max = Math.max(0, ...values);
  if (max === 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((f) => f * power >= max) ?? 10;
  return step * power;
}

const compactPeso = (pesos: number) =>
  new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP', notation: 'compact' }).format(pesos);

// The drawing's own units; the SVG scales to the card's width.
const W = 640;
const H = 240;
const PAD = { top: 16, right: 8, bottom: 36, left: 56 };

/**
 * The monthly earnings as an SVG bar chart: one image with a title and a summary for screen readers,
 * each bar titled with its month and amount (a tooltip on hover), and the same numbers as a table.
 */
export function MonthlyChart({ monthly }: { monthly: Earnings['monthly'] }) {
  const id = useId();
  const top = axisMax(monthly.map((m) => m.amount));
  const total = monthly.reduce((sum, m) => sum + m.amount, 0);
  const best = monthly.reduce<Earnings['monthly'][number] | null>(
    (a, m) => (a === null || m.amount > a.amount ? m : a),
    null,
  );
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, monthly.length);
  const barW = slot * 0.6;
  const y = (amount: number) => PAD.top + plotH - (amount / top) * plotH;
  const ticks = [0, top / 2, top];
  const first = monthly[0];
  const last = monthly[monthly.length - 1];
  const summary =
    first && last
      ? `${formatPesosWithCentavos(total)} in total from ${monthLabel(first.month)} to ${monthLabel(last.month)}.` +
        (best && best.amount > 0
          ? ` The best month was ${monthLabel(best.month)} with ${formatPesosWithCentavos(best.amount)}.`
          : '')
      : 'No months to show yet.';

  return (
    <figure aria-labelledby={`${id}-caption`} className={css({ display: 'grid', gap: '3' })}>
      <figcaption id={`${id}-caption`} className={css({ fontWeight: 'bold' })}>
        Earnings by month
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${W} ${H}`}
        className={css({ w: 'full', h: 'auto', maxH: '72', overflow: 'visible' })}
      >
        <title id={`${id}-title`}>Earnings by month, last 12 months</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className={css({ stroke: 'gray.200' })}
              strokeWidth={1}
            />
            <text
              x={PAD.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className={css({ fill: 'fg.muted', fontSize: 'xs' })}
            >
              {compactPeso(tick)}
            </text>
          </g>
        ))}
        {monthly.map((m, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const height = Math.max(0, PAD.top + plotH - y(m.amount));
          return (
            <g key={m.month} data-testid="chart-bar">
              <title>{`${monthLabel(m.month)}: ${formatPesosWithCentavos(m.amount)}`}</title>
              <rect x={x} y={y(m.amount)} width={barW} height={height} rx={3} className={css({ fill: 'brand.600' })} />
              <text
                x={x + barW / 2}
                y={H - PAD.bottom + 16}
                textAnchor="middle"
                className={css({ fill: 'fg.muted', fontSize: 'xs' })}
              >
                {monthLabel(m.month, 'short')}
              </text>
            </g>
          );
        })}
      </svg>
      <details>
        <summary className={css({ cursor: 'pointer', color: 'brand.800', fontSize: 'sm' })}>
          Show the numbers as a table
        </summary>
        <table className={css({ mt: '2', fontSize: 'sm', borderCollapse: 'collapse' })}>
          <caption className={css({ srOnly: true })}>Earnings by month</caption>
          <thead>
            <tr>
              <th scope="col" className={css({ textAlign: 'left', pr: '6', py: '1' })}>
                Month
              </th>
              <th scope="col" className={css({ textAlign: 'right', py: '1' })}>
                Earned
              </th>
            </tr>
          </thead>
          <tbody>
            {monthly.map((m) => (
              <tr key={m.month}>
                <th scope="row" className={css({ textAlign: 'left', fontWeight: 'normal', pr: '6', py: '1' })}>
                  {monthLabel(m.month)}
                </th>
                <td className={css({ textAlign: 'right', py: '1' })}>{formatPesosWithCentavos(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
