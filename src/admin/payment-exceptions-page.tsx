import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import type { PaymentExceptionStatus } from '../../contracts/payment-exceptions';
import {
  type AdminPaymentException,
  type MoneyAmount,
  paymentExceptionKindLabel,
  paymentExceptionResolutionLabel,
} from '../../contracts/payment-exceptions';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { AdminListPage, type StatusTab, StatusTabs } from './admin-list-toolbar';
import { formatDateTime, orderStatusLabel } from './orders-format';
import { Badge, ListTable } from './paged-list';
import { usePaymentDecision, usePaymentExceptions } from './payment-exceptions.actors';
import { cell, small, textLink } from './table-styles';

const tabs: readonly StatusTab<PaymentExceptionStatus>[] = [
  { status: 'open', label: 'To decide', empty: 'No payment needs a decision.' },
  { status: 'resolved', label: 'Decided', empty: 'No payment has been decided yet.' },
];

/** "₱2,500.00", or "USD 25.00" for another currency. */
function moneyOf({ amount, currency }: MoneyAmount): string {
  if (amount === null) return 'Not said';
  return currency === 'PHP' || currency === null ? formatPesosWithCentavos(amount) : `${currency} ${amount.toFixed(2)}`;
}

/** /admin/payments: payments the provider confirmed that did not match their order, and the decisions. */
export function PaymentExceptionsPage({ status }: { status: PaymentExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <AdminListPage
      title="Payments"
      intro="Money the payment provider confirmed that did not match its order. Accept it as the payment when it covers the price in pesos (any surplus is owed back), or refund it whole so the customer can pay again."
    >
      <StatusTabs
        label="Decision"
        tabs={tabs}
        value={status}
        onValueChange={(next) => void navigate({ to: '/admin/payments', search: { status: next } })}
      >
        {(tab) => <ExceptionsList key={tab.status} status={tab.status} empty={tab.empty} />}
      </StatusTabs>
    </AdminListPage>
  );
}

function ExceptionsList({ status, empty }: { status: PaymentExceptionStatus; empty: string }) {
  const list = usePaymentExceptions(status);
  const { dialog, send } = usePaymentDecision(list.refresh);
  const chosen = list.items.find((x) => x.id === dialog.openFor);
  return (
    <>
      {/* On a phone the table scrolls sideways, with a fade and an arrow where more columns are. */}
      <ListTable
        list={list}
        noun="payment"
        loadingText="Loading payments…"
        emptyText={empty}
        caption={status === 'open' ? 'Payments to decide' : 'Payments decided'}
        columns={['Order', 'Received', 'What happened', 'When', 'Decision']}
        className={css({ minW: '46rem' })}
        strip
      >
        {list.items.map((x) => (
          <tr key={x.id} data-testid="payment-exception-row">
            <th scope="row" className={`${cell} ${css({ fontWeight: 'normal' })}`}>
              <Link to="/admin/orders/$id" params={{ id: x.order_id }} className={textLink}>
                {x.order_reference}
              </Link>
              <span className={small}>{orderStatusLabel[x.order_status]}</span>
              <span className={small}>{x.customer.name}</span>
            </th>
            <td className={cell}>
              <span className={css({ fontWeight: 'semibold' })}>{moneyOf(x.received)}</span>
              <span className={small}>for {moneyOf(x.expected)} asked</span>
            </td>
            <td className={cell}>
              <Badge tone={x.resolved_at ? 'muted' : 'danger'}>{paymentExceptionKindLabel[x.kind]}</Badge>
              <span className={small}>
                {x.payment.provider} · {x.payment.reference ?? 'no reference'}
              </span>
            </td>
            <td className={cell}>{formatDateTime(x.created_at)}</td>
            <td className={cell}>
              {x.resolved_at ? <Decided exception={x} /> : <DecisionButtons exception={x} send={send} />}
            </td>
          </tr>
        ))}
      </ListTable>
      <Modal
        open={dialog.openFor !== null}
        onClose={() => send({ type: 'user.dismiss' })}
        title={dialog.action === 'accept' ? 'Accept as payment' : 'Refund this payment'}
        description={chosen ? decisionText(chosen, dialog.action) : undefined}
        staticBackdrop={dialog.busy}
        footer={
          <>
            <Button color="text" onClick={() => send({ type: 'user.dismiss' })} disabled={dialog.busy}>
              Cancel
            </Button>
            <Button type="submit" form="payment-decision-form" loading={dialog.busy}>
              {dialog.action === 'accept' ? 'Accept as payment' : 'Refund it'}
            </Button>
          </>
        }
      >
        <form
          id="payment-decision-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Note (optional)"
            name="note"
            value={dialog.note}
            errors={dialog.errorsOf('note')}
            hint="For the record: why you decided this. The customer does not see it."
            maxLength={500}
            rows={3}
            onValueChange={(value) => send({ type: 'note.changed', value })}
          />
        </form>
      </Modal>
    </>
  );
}

/** What confirming does, in money. */
function decisionText(x: AdminPaymentException, action: 'accept' | 'refund' | null): string {
  const received = moneyOf(x.received);
  if (action === 'accept') {
    const surplus = (x.received.amount ?? 0) - (x.expected.amount ?? 0);
    return `${received} pays order ${x.order_reference} (${moneyOf(x.expected)}).${
      surplus > 0 ? ` ${formatPesosWithCentavos(surplus)} is owed back to ${x.customer.name}.` : ''
    } The order goes to its artists.`;
  }
  return `${received} is owed back to ${x.customer.name} in full. Order ${x.order_reference} stays awaiting payment, so they can pay again.`;
}

function DecisionButtons({
  exception: x,
  send,
}: {
  exception: AdminPaymentException;
  send: ReturnType<typeof usePaymentDecision>['send'];
}) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
      {x.can_accept ? (
        <Button
          size="sm"
          aria-label={`Accept ${moneyOf(x.received)} as the payment for ${x.order_reference}`}
          onClick={() => send({ type: 'user.decide', id: x.id, action: 'accept' })}
        >
          Accept as payment
        </Button>
      ) : null}
      <Button
        size="sm"
        color="secondary"
        aria-label={`Refund ${moneyOf(x.received)} for ${x.order_reference}`}
        onClick={() => send({ type: 'user.decide', id: x.id, action: 'refund' })}
      >
        Refund it
      </Button>
    </div>
  );
}

function Decided({ exception: x }: { exception: AdminPaymentException }) {
  return (
    <>
      {x.resolution ? paymentExceptionResolutionLabel[x.resolution] : 'Decided'}
      <span className={small}>{formatDateTime(x.resolved_at)}</span>
      {x.note ? <span className={small}>“{x.note}”</span> : null}
    </>
  );
}
