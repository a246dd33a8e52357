import { Tabs } from '@ark-ui/react/tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
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
import { ListFooter } from '../components/ui/list-footer';
import { Modal } from '../components/ui/modal';
import { ScrollStrip } from '../components/ui/scroll-strip';
import { formatDateTime, orderStatusLabel } from './orders-format';
import { Badge, ListState, panel } from './paged-list';
import { usePaymentDecision, usePaymentExceptions } from './payment-exceptions.actors';
import { cell, headCell, small, tabTrigger } from './table-styles';

const tabs: readonly { status: PaymentExceptionStatus; label: string; empty: string }[] = [
  { status: 'open', label: 'To decide', empty: 'No payment needs a decision.' },
  { status: 'resolved', label: 'Decided', empty: 'No payment has been decided yet.' },
];

/** "₱2,500.00", or "USD 25.00" for another currency. */
function moneyOf({ amount, currency }: MoneyAmount): string {
  if (amount === null) return 'Not said';
  return currency === 'PHP' || currency === null ? formatPesosWithCentavos(amount) : `${currency} ${amount.toFixed(2)}`;
}

const link = css({ color: 'brand.700', textDecoration: 'underline', fontWeight: 'semibold' });

/** /admin/payments: payments the provider confirmed that did not match their order, and the decisions. */
export function PaymentExceptionsPage({ status }: { status: PaymentExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '2' })}>Payments</h1>
      <p className={css({ color: 'fg.muted', mb: '4', maxW: '3xl' })}>
        Money the payment provider confirmed that did not match its order. Accept it as the payment when it covers the
        price in pesos (any surplus is owed back), or refund it whole so the customer can pay again.
      </p>
      <Tabs.Root
        value={status}
        activationMode="manual"
        onValueChange={({ value }) =>
          void navigate({ to: '/admin/payments', search: { status: value as PaymentExceptionStatus } })
        }
      >
        <Tabs.List
          aria-label="Decision"
          className={css({ display: 'flex', borderBottomWidth: '1px', borderColor: 'border.default' })}
        >
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.status} value={tab.status} className={tabTrigger}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.status} value={tab.status} className={css({ pt: '4' })}>
            {tab.status === status ? <ExceptionsList key={status} status={status} empty={tab.empty} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function ExceptionsList({ status, empty }: { status: PaymentExceptionStatus; empty: string }) {
  const list = usePaymentExceptions(status);
  const tableRef = useRef<HTMLTableElement>(null);
  const { dialog, send } = usePaymentDecision(list.refresh);
  const chosen = list.items.find((x) => x.id === dialog.openFor);
  return (
    <>
      <ListState list={list} loadingText="Loading payments…" emptyText={empty} />
      {list.items.length > 0 ? (
        // On a phone the table scrolls sideways, with a fade and an arrow where more columns are.
        <ScrollStrip label="columns" className={panel}>
          <table ref={tableRef} className={css({ w: 'full', borderCollapse: 'collapse', minW: '46rem' })}>
            <caption className={css({ srOnly: true })}>
              {status === 'open' ? 'Payments to decide' : 'Payments decided'}
            </caption>
            <thead>
              <tr>
                {['Order', 'Received', 'What happened', 'When'].map((h) => (
                  <th key={h} scope="col" className={headCell}>
                    {h}
                  </th>
                ))}
                <th scope="col" className={headCell}>
                  Decision
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((x) => (
                <tr key={x.id} data-testid="payment-exception-row">
                  <th scope="row" className={`${cell} ${css({ fontWeight: 'normal' })}`}>
                    <Link to="/admin/orders/$id" params={{ id: x.order_id }} className={link}>
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
            </tbody>
          </table>
        </ScrollStrip>
      ) : null}
      <ListFooter list={list} noun="payment" listRef={tableRef} />
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
