import { Tabs } from '@ark-ui/react/tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import { refundReasonLabel } from '../../contracts/order';
import { useRefundMarkPaid, useRefundsList } from '../actors/money';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { ListFooter } from '../components/ui/list-footer';
import { Modal } from '../components/ui/modal';
import { formatDateTime, orderStatusLabel } from './orders-format';
import { ListState, panel } from './paged-list';
import { cell, headCell, small, tableScroller, tabTrigger } from './table-styles';

export type RefundStatus = 'owed' | 'paid';

const refundTabs: readonly { status: RefundStatus; label: string; empty: string }[] = [
  { status: 'owed', label: 'Owed', empty: 'No refunds are owed.' },
  { status: 'paid', label: 'Paid', empty: 'No refunds have been paid yet.' },
];

/** /admin/refunds: money owed back to customers (send it in the provider's console, then record it). */
export function RefundsPage({ status }: { status: RefundStatus }) {
  const navigate = useNavigate();
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Refunds</h1>
      <Tabs.Root
        value={status}
        activationMode="manual"
        onValueChange={({ value }) =>
          void navigate({ to: '/admin/refunds', search: { status: value as RefundStatus } })
        }
      >
        <Tabs.List
          aria-label="Refund status"
          className={css({ display: 'flex', borderBottomWidth: '1px', borderColor: 'border.default' })}
        >
          {refundTabs.map((tab) => (
            <Tabs.Trigger key={tab.status} value={tab.status} className={tabTrigger}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {refundTabs.map((tab) => (
          <Tabs.Content key={tab.status} value={tab.status} className={css({ pt: '4' })}>
            {tab.status === status ? <RefundsList key={status} status={status} empty={tab.empty} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function RefundsList({ status, empty }: { status: RefundStatus; empty: string }) {
  const list = useRefundsList(status);
  const tableRef = useRef<HTMLTableElement>(null);
  const listActor = list.actor;
  const remove = useCallback((id: number) => listActor.send({ type: 'item.removed', id }), [listActor]);
  const { dialog, send } = useRefundMarkPaid(remove);
  const chosen = list.items.find((r) => r.id === dialog.openFor);
  return (
    <>
      <ListState list={list} loadingText="Loading refunds…" emptyText={empty} />
      {list.items.length > 0 ? (
        <div className={`${panel} ${tableScroller}`}>
          <table ref={tableRef} className={css({ w: 'full', borderCollapse: 'collapse', minW: '56rem' })}>
            <caption className={css({ srOnly: true })}>{status === 'owed' ? 'Refunds owed' : 'Refunds paid'}</caption>
            <thead>
              <tr>
                {['Customer', 'Order', 'Amount', 'Why', 'Recorded'].map((h) => (
                  <th key={h} scope="col" className={headCell}>
                    {h}
                  </th>
                ))}
                <th scope="col" className={headCell}>
                  {status === 'owed' ? <span className={css({ srOnly: true })}>Action</span> : 'Paid'}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((refund) => (
                <tr key={refund.id} data-testid="refund-row">
                  <th scope="row" className={`${cell} ${css({ fontWeight: 'semibold' })}`}>
                    {refund.customer.name}
                    <span className={`${small} ${css({ fontWeight: 'normal' })}`}>{refund.customer.email}</span>
                  </th>
                  <td className={cell}>
                    <Link
                      to="/admin/orders"
                      search={{ transaction: refund.order_reference }}
                      className={css({ color: 'brand.700', textDecoration: 'underline' })}
                    >
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
                  <td className={cell}>
                    {refund.status === 'owed' ? (
                      <Button
                        size="sm"
                        aria-label={`Mark refund paid: ${formatPesosWithCentavos(refund.amount)} to ${refund.customer.name} for ${refund.order_reference}`}
                        onClick={() => send({ type: 'user.markPaid', id: refund.id })}
                      >
                        Mark paid
                      </Button>
                    ) : (
                      <>
                        {formatDateTime(refund.paid_at)}
                        {refund.reference ? <span className={small}>Reference {refund.reference}</span> : null}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ListFooter list={list} noun="refund" listRef={tableRef} />
      <Modal
        open={dialog.openFor !== null}
        onClose={() => send({ type: 'user.dismiss' })}
        title="Mark refund as paid"
        description={
          chosen
            ? `Confirm that ${formatPesosWithCentavos(chosen.amount)} was sent back to ${chosen.customer.name} for order ${chosen.order_reference}. The customer is told.`
            : undefined
        }
        staticBackdrop={dialog.busy}
        footer={
          <>
            <Button color="text" onClick={() => send({ type: 'user.dismiss' })} disabled={dialog.busy}>
              Cancel
            </Button>
            <Button type="submit" form="refund-paid-form" loading={dialog.busy}>
              Mark paid
            </Button>
          </>
        }
      >
        <form
          id="refund-paid-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'user.confirm' });
          }}
        >
          <TextField
            label="Transfer reference"
            name="reference"
            autoComplete="off"
            required
            value={dialog.reference}
            errors={dialog.errorsOf('reference')}
            hint="The provider's refund reference, for your records and the customer's."
            maxLength={100}
            onValueChange={(value) => send({ type: 'reference.changed', value })}
          />
        </form>
      </Modal>
    </>
  );
}
