import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import type { AdminRefund } from '../../contracts/lifecycle';
import { refundReasonLabel } from '../../contracts/order';
import type { RefundStatus } from '../../contracts/refunds';
import { refundMethodSuggestions, refundStateText } from '../../contracts/refunds';
import { useRefundActions, useRefundsList } from '../actors/money';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { AdminListPage, type StatusTab, StatusTabs } from './admin-list-toolbar';
import { formatDateTime, orderStatusLabel } from './orders-format';
import { ListTable } from './paged-list';
import { cell, small, textLink } from './table-styles';

export type { RefundStatus } from '../../contracts/refunds';

const refundTabs: readonly StatusTab<RefundStatus>[] = [
  { status: 'owed', label: 'Owed', empty: 'No refunds are owed.' },
  { status: 'failed', label: 'Failed', empty: 'No refund transfer has failed.' },
  { status: 'sent', label: 'Sent', empty: 'No refunds have been sent yet.' },
];

/**
 * /admin/refunds: money owed back to customers, by state (machines/refund.machine.ts): send it (GCash, bank
 * transfer, the provider's console), then record how and its reference; or record that the transfer failed.
 */
export function RefundsPage({ status }: { status: RefundStatus }) {
  const navigate = useNavigate();
  return (
    <AdminListPage title="Refunds">
      <StatusTabs
        label="Refund status"
        tabs={refundTabs}
        value={status}
        onValueChange={(next) => void navigate({ to: '/admin/refunds', search: { status: next } })}
      >
        {(tab) => <RefundsList key={tab.status} status={tab.status} empty={tab.empty} />}
      </StatusTabs>
    </AdminListPage>
  );
}

function RefundsList({ status, empty }: { status: RefundStatus; empty: string }) {
  const list = useRefundsList(status);
  const listActor = list.actor;
  const remove = useCallback((id: number) => listActor.send({ type: 'item.removed', id }), [listActor]);
  const { actions, send } = useRefundActions(remove);
  const chosen = list.items.find((r) => r.id === actions.openFor);
  const whom = (r: AdminRefund) =>
    `${formatPesosWithCentavos(r.amount)} to ${r.customer.name} for ${r.order_reference}`;
  return (
    <>
      <ListTable
        list={list}
        noun="refund"
        loadingText="Loading refunds…"
        emptyText={empty}
        caption={`Refunds ${status}`}
        columns={[
          'Customer',
          'Order',
          'Amount',
          'Why',
          'Recorded',
          'State',
          ...(status === 'sent'
            ? []
            : [
                <span key="actions" className={css({ srOnly: true })}>
                  Actions
                </span>,
              ]),
        ]}
        className={css({ minW: '60rem' })}
      >
        {list.items.map((refund) => (
          <tr key={refund.id} data-testid="refund-row" data-state={refund.status}>
            <th scope="row" className={`${cell} ${css({ fontWeight: 'semibold' })}`}>
              {refund.customer.name}
              <span className={`${small} ${css({ fontWeight: 'normal' })}`}>{refund.customer.email}</span>
            </th>
            <td className={cell}>
              <Link to="/admin/orders" search={{ transaction: refund.order_reference }} className={textLink}>
                {refund.order_reference}
              </Link>
              <span className={small}>{orderStatusLabel[refund.order_status]}</span>
            </td>
            <td className={cell}>{formatPesosWithCentavos(refund.amount)}</td>
            <td className={cell}>
              {refundReasonLabel[refund.reason]}
              {refund.note ? <span className={small}>“{refund.note}”</span> : null}
            </td>
            <td className={cell}>{formatDateTime(refund.created_at)}</td>
            <td className={cell} data-testid="refund-state">
              {refundStateText(refund)}
              {refund.failed_at ? (
                <span className={small}>
                  Transfer failed {formatDateTime(refund.failed_at)}
                  {refund.failure_reason ? `: ${refund.failure_reason}` : ''}
                </span>
              ) : null}
            </td>
            {status === 'sent' ? null : (
              <td className={cell}>
                <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                  <Button
                    size="sm"
                    aria-label={`Mark refund sent: ${whom(refund)}`}
                    onClick={() => send({ type: 'user.markSent', id: refund.id })}
                  >
                    Mark sent
                  </Button>
                  {refund.status === 'owed' ? (
                    <Button
                      size="sm"
                      color="text"
                      aria-label={`Mark refund failed: ${whom(refund)}`}
                      onClick={() => send({ type: 'user.markFailed', id: refund.id })}
                    >
                      Mark failed
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      color="text"
                      loading={actions.retrying === refund.id}
                      aria-label={`Back to owed: ${whom(refund)}`}
                      onClick={() => send({ type: 'user.retry', id: refund.id })}
                    >
                      Back to owed
                    </Button>
                  )}
                </div>
              </td>
            )}
          </tr>
        ))}
      </ListTable>
      <Modal
        open={actions.openFor !== null}
        onClose={() => send({ type: 'user.dismiss' })}
        title={actions.move === 'failed' ? 'Mark refund as failed' : 'Mark refund as sent'}
        description={
          chosen
            ? actions.move === 'failed'
              ? `The transfer of ${whom(chosen)} did not go through. The customer is told our team is on it; the reason stays with the team.`
              : `Confirm that ${whom(chosen)} was sent back. The customer is told and mailed the method and reference.`
            : undefined
        }
        staticBackdrop={actions.busy}
        footer={
          <>
            <Button color="text" onClick={() => send({ type: 'user.dismiss' })} disabled={actions.busy}>
              Cancel
            </Button>
            <Button type="submit" form="refund-move-form" loading={actions.busy}>
              {actions.move === 'failed' ? 'Mark failed' : 'Mark sent'}
            </Button>
          </>
        }
      >
        <form
          id="refund-move-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'user.confirm' });
          }}
          className={css({ display: 'grid', gap: '4' })}
        >
          {actions.move === 'failed' ? (
            <TextField
              label="Why it failed"
              name="reason"
              autoComplete="off"
              required
              value={actions.values.reason}
              errors={actions.errorsOf('reason')}
              hint="For the team (the customer is only told it is being handled)."
              maxLength={500}
              onValueChange={(value) => send({ type: 'field.changed', name: 'reason', value })}
            />
          ) : (
            <>
              <TextField
                label="Sent by"
                name="method"
                autoComplete="off"
                required
                list="refund-methods"
                value={actions.values.method}
                errors={actions.errorsOf('method')}
                hint="How the money went back, e.g. GCash, Bank transfer or Provider console."
                maxLength={60}
                onValueChange={(value) => send({ type: 'field.changed', name: 'method', value })}
              />
              <datalist id="refund-methods">
                {refundMethodSuggestions.map((method) => (
                  <option key={method} value={method} />
                ))}
              </datalist>
              <TextField
                label="Transfer reference"
                name="reference"
                autoComplete="off"
                required
                value={actions.values.reference}
                errors={actions.errorsOf('reference')}
                hint="The transfer's reference: the customer sees it."
                maxLength={100}
                onValueChange={(value) => send({ type: 'field.changed', name: 'reference', value })}
              />
            </>
          )}
        </form>
      </Modal>
    </>
  );
}
