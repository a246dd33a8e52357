import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../../../contracts/format';
import type { Earnings } from '../../../../contracts/lifecycle';
import { useArtistEarnings } from '../../../actors/artist-orders';
import { LoadFailed } from '../../ui/load-failed';
import { EarningLines, PayoutHistory } from './earnings-tables';
import { MonthlyChart } from './monthly-chart';

const card = css({
  bg: 'white',
  borderRadius: 'xl',
  p: '5',
  boxShadow: 'sm',
  borderWidth: '1px',
  borderColor: 'border.default',
});

function Total({ id, label, value, hint }: { id: string; label: string; value: number; hint: string }) {
  return (
    <section aria-labelledby={id} className={card} data-testid={`total-${id}`}>
      <h3 id={id} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {label}
      </h3>
      <p className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{formatPesosWithCentavos(value)}</p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{hint}</p>
    </section>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h3 id={id} className={css({ fontWeight: 'bold', mb: '3' })}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function EarningsView({ earnings }: { earnings: Earnings }) {
  return (
    // minmax(0, 1fr): a grid column may not grow to a wide table's width; the table scrolls inside its card.
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        })}
      >
        <Total
          id="pending"
          label="Pending"
          value={earnings.totals.pending}
          hint="Orders you are working on; credited when the customer accepts the song."
        />
        <Total
          id="available"
          label="Available"
          value={earnings.totals.available}
          hint="Credited to you and waiting for the transfer."
        />
        <Total id="paid-out" label="Paid out" value={earnings.totals.paid_out} hint="Transferred to your account." />
      </div>
      <section className={card} aria-label="Monthly earnings">
        <MonthlyChart monthly={earnings.monthly} />
      </section>
      <Panel id="earning-lines" title="Earnings per order">
        <EarningLines lines={earnings.lines} />
      </Panel>
      <Panel id="payout-history" title="Payout history">
        <PayoutHistory payouts={earnings.payouts} />
      </Panel>
    </div>
  );
}

/** /artist/earnings: totals, the monthly chart, the per-order lines and the payouts (GET /earnings). */
export function EarningsPage() {
  const { data, loading, failed, error, retry } = useArtistEarnings();
  return (
    <section
      aria-labelledby="earnings-heading"
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
    >
      <h2 id="earnings-heading" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Earnings
      </h2>
      {loading ? <p role="status">Loading your earnings…</p> : null}
      {failed ? <LoadFailed message={error} onRetry={retry} /> : null}
      {data ? <EarningsView earnings={data} /> : null}
    </section>
  );
}
