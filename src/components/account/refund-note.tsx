import { css } from 'styled-system/css';
import { formatDate, formatPesosWithCentavos } from '../../../contracts/format';
import type { OrderRefund } from '../../../contracts/lifecycle';
import { refundReasonLabel } from '../../../contracts/order';

/** Money we owe back (or sent back) on an order: the amount, why, and whether it was sent. */
export function RefundNote({ refund }: { refund: OrderRefund }) {
  return (
    <span
      data-testid="refund-note"
      data-state={refund.status}
      className={css({ display: 'block', mt: '2', fontSize: 'sm', color: 'fg.default' })}
    >
      <strong>
        {refund.status === 'paid'
          ? `Refund of ${formatPesosWithCentavos(refund.amount)} sent`
          : `Refund of ${formatPesosWithCentavos(refund.amount)} owed to you`}
      </strong>
      {' · '}
      {refundReasonLabel[refund.reason]}
      {refund.status === 'paid'
        ? ` · ${refund.paid_at ? formatDate(refund.paid_at) : ''}${refund.reference ? ` · reference ${refund.reference}` : ''}`
        : ' · we will send it to your payment method and tell you when it is sent'}
    </span>
  );
}
