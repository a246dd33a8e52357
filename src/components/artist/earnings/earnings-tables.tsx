import { css } from 'styled-system/css';
import { formatDate, formatPesosWithCentavos } from '../../../../contracts/format';
import type { EarningLine, EarningStatus, Payout } from '../../../../contracts/lifecycle';
import { ScrollStrip } from '../../ui/scroll-strip';
import { occasionLabel } from '../orders/format';

const earningStatusLabel: Record<EarningStatus, string> = {
  pending: 'Pending',
  available: 'Available',
  paid: 'Paid out',
};

const payoutStatusLabel: Record<Payout['status'], string> = { pending: 'Waiting for transfer', paid: 'Paid' };

const table = css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm', minW: '36rem' });
const th = css({ textAlign: 'left', px: '3', py: '2', color: 'fg.muted', fontWeight: 'semibold' });
const td = css({ px: '3', py: '2.5', borderTopWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' });
const amount = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

/** One line per order taken: what it earns and where that money is (the rows shown so far). */
export function EarningLines({ lines }: { lines: EarningLine[] }) {
  return (
    // On a phone the table scrolls inside its card; the strip shows a fade and an arrow where more columns are.
    <ScrollStrip label="columns" regionLabel="Earnings per order">
      <table className={table}>
        <caption className={css({ srOnly: true })}>Earnings per order</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Order
            </th>
            <th scope="col" className={th}>
              Occasion
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} ${amount}`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Credited
            </th>
            <th scope="col" className={th}>
              Paid out
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-row-link tabIndex={-1}>
              <th scope="row" className={`${td} ${css({ fontWeight: 'semibold' })}`}>
                {line.reference}
              </th>
              <td className={td}>{occasionLabel(line.occasion_name)}</td>
              <td className={td}>{earningStatusLabel[line.status]}</td>
              <td className={`${td} ${amount}`}>{formatPesosWithCentavos(line.amount)}</td>
              <td className={td}>{formatDate(line.credited_at)}</td>
              <td className={td}>{formatDate(line.paid_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollStrip>
  );
}

/** The payouts made or waiting, with the transfer reference once paid (the rows shown so far). */
export function PayoutHistory({ payouts }: { payouts: Payout[] }) {
  return (
    <ScrollStrip label="columns" regionLabel="Payout history">
      <table className={table}>
        <caption className={css({ srOnly: true })}>Payout history</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Order
            </th>
            <th scope="col" className={`${th} ${amount}`}>
              Amount
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Credited
            </th>
            <th scope="col" className={th}>
              Paid on
            </th>
            <th scope="col" className={th}>
              Transfer reference
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} data-row-link tabIndex={-1}>
              <th scope="row" className={`${td} ${css({ fontWeight: 'semibold' })}`}>
                {payout.order_reference}
              </th>
              <td className={`${td} ${amount}`}>{formatPesosWithCentavos(payout.amount)}</td>
              <td className={td}>{payoutStatusLabel[payout.status]}</td>
              <td className={td}>{formatDate(payout.created_at)}</td>
              <td className={td}>{formatDate(payout.paid_at)}</td>
              <td className={td}>{payout.reference ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollStrip>
  );
}
