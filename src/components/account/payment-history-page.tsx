import { useRef } from 'react';
import { css } from 'styled-system/css';
import { formatDate, formatPesosWithCentavos } from '../../../contracts/format';
import { paymentMethodLabel } from '../../../contracts/order';
import { useCustomerPayments } from '../../actors/customer-lists';
import { paymentTaker } from '../../lib/payment-taker';
import { ListFooter } from '../ui/list-footer';
import { LoadFailed } from '../ui/load-failed';
import { ScrollStrip } from '../ui/scroll-strip';
import { RefundNotes } from './refund-note';

const methodLabel = (value: string) => paymentMethodLabel(value, paymentTaker());
const statusLabel: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  // The money arrived; what went back, or is owed back, is each refund's own line under it (RefundNotes).
  refunded: 'Paid',
  expired: 'Expired',
  voided: 'Closed (order paid or cancelled)',
  charged_back: 'Reversed by your bank',
  held: 'Being checked (amount did not match)',
};
const cell = css({ px: '3', py: '2', textAlign: 'left', borderBottomWidth: '1px', borderColor: 'border.default' });
/** A date or an amount reads on one line; the strip scrolls sideways for the columns that do not fit. */
const oneLine = css({ whiteSpace: 'nowrap' });

/** The customer's payments, newest first, a page at a time with "Show more". */
export function PaymentHistoryPage() {
  const list = useCustomerPayments();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  return (
    <section aria-labelledby="payments-heading" aria-busy={list.loading}>
      <h2 id="payments-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
        Payment History
      </h2>
      {list.loading ? <p role="status">Loading your payments…</p> : null}
      {list.failed ? <LoadFailed message={list.error} onRetry={list.retry} /> : null}
      {list.empty ? (
        <p className={css({ color: 'fg.muted' })}>
          You have no payments yet. Each payment for an order will show here with its reference.
        </p>
      ) : null}
      {list.items.length > 0 ? (
        // On a phone the table scrolls inside the page; the strip shows a fade and an arrow where more columns are.
        <ScrollStrip label="columns" regionLabel="Payment history">
          <table className={css({ w: 'full', borderCollapse: 'collapse', bg: 'white', borderRadius: 'lg' })}>
            <thead>
              <tr>
                {['Date', 'Order', 'Amount', 'Method', 'Status', 'Reference'].map((h) => (
                  <th key={h} scope="col" className={`${cell} ${css({ fontSize: 'sm', color: 'fg.muted' })}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={bodyRef}>
              {list.items.map((p) => (
                <tr key={p.id}>
                  {/* After "Show more", focus lands on the first new row's date (the footer moves it). */}
                  <td className={`${cell} ${oneLine}`} tabIndex={-1} data-row-link>
                    {formatDate(p.created_at)}
                  </td>
                  <td className={cell}>{p.order_reference}</td>
                  <td className={`${cell} ${oneLine}`}>{formatPesosWithCentavos(p.amount)}</td>
                  <td className={cell}>{methodLabel(p.method)}</td>
                  <td className={cell} data-testid="payment-status">
                    {statusLabel[p.status] ?? p.status}
                    <RefundNotes refunds={p.refunds} showWhy={false} />
                  </td>
                  <td className={cell}>{p.reference ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollStrip>
      ) : null}
      <ListFooter list={list} noun="payment" listRef={bodyRef} />
    </section>
  );
}
