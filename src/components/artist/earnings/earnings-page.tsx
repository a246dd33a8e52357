import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../../../contracts/format';
import type { Earnings } from '../../../../contracts/lifecycle';
import { useArtistEarnings, useEarningLines, usePayoutHistory } from '../../../actors/artist-earnings';
import { LoadFailed } from '../../ui/load-failed';
import { EarningLines, PayoutHistory } from './earnings-tables';
import { MonthlyChart } from './monthly-chart';
import { PagedPanel } from './paged-panel';

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

/** The totals and the monthly chart (GET /earnings). */
function EarningsSummary({ earnings }: { earnings: Earnings }) {
  return (
    <>
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
    </>
  );
}

/** /artist/earnings: totals and the monthly chart, then the per-order lines and the payouts, a page at a time. */
export function EarningsPage() {
  const { data, loading, failed, error, retry } = useArtistEarnings();
  const lines = useEarningLines();
  const payouts = usePayoutHistory();
  return (
    <section
      aria-labelledby="earnings-heading"
      className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' })}
    >
      <h2 id="earnings-heading" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
        Earnings
      </h2>
      {/* minmax(0, 1fr): a grid column may not grow to a wide table's width; the table scrolls inside its card. */}
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
        {loading ? <p role="status">Loading your earnings…</p> : null}
        {failed ? <LoadFailed message={error} onRetry={retry} /> : null}
        {data ? <EarningsSummary earnings={data} /> : null}
        <Panel id="earning-lines" title="Earnings per order">
          <PagedPanel
            list={lines}
            what="earnings per order"
            noun="order"
            empty="No orders yet. Each order you take adds a line here."
          >
            {(items) => <EarningLines lines={items} />}
          </PagedPanel>
        </Panel>
        <Panel id="payout-history" title="Payout history">
          <PagedPanel
            list={payouts}
            what="payouts"
            noun="payout"
            empty="No payouts yet. When a customer accepts a song, its earning is paid to the account in your payout details."
          >
            {(items) => <PayoutHistory payouts={items} />}
          </PagedPanel>
        </Panel>
      </div>
    </section>
  );
}
