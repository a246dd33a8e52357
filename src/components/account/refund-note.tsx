import { css } from 'styled-system/css';
import type { OrderRefund } from '../../../contracts/lifecycle';
import { refundReasonLabel } from '../../../contracts/order';
import { refundLine, refundNextStep } from '../../../contracts/refunds';

/**
 * Every refund of an order (or a payment), oldest first, each in the state machines/refund.machine.ts
 * left it, worded as everywhere else (contracts/refunds.ts): owed, sent with date, method and reference,
 * or failed with the team on it. Spans, so it fits inside a paragraph of the order list.
 */
export function RefundNotes({ refunds, showWhy = true }: { refunds: readonly OrderRefund[]; showWhy?: boolean }) {
  return (
    <>
      {refunds.map((refund) => (
        <span
          key={refund.id}
          data-testid="refund-note"
          data-state={refund.status}
          className={css({
            display: 'block',
            mt: '2',
            fontSize: 'sm',
            color: 'fg.default',
            overflowWrap: 'anywhere',
            ...(refund.status === 'failed' ? { borderLeftWidth: '3px', borderColor: 'orange.500', pl: '2' } : {}),
          })}
        >
          <strong>{refundLine(refund)}</strong>
          {showWhy ? ` · ${refundReasonLabel[refund.reason]}` : null}
          {' · '}
          {refundNextStep(refund)}
        </span>
      ))}
    </>
  );
}
