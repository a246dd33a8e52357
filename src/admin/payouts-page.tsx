import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import { connectAdminMarkPaid } from '../../machines/admin-mark-paid.connect';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { AdminListPage, type StatusTab, StatusTabs } from './admin-list-toolbar';
import { formatDateTime } from './orders-format';
import { Badge, ListTable } from './paged-list';
import { useMarkAllPaidActor, useMarkPaidActor, usePayoutsList } from './payout-actions';
import { PayoutDestination } from './payout-destination';
import { cell, small, textLink } from './table-styles';

export type PayoutStatus = 'pending' | 'paid';

const payoutTabs: readonly StatusTab<PayoutStatus>[] = [
  { status: 'pending', label: 'Pending', empty: 'No payouts are waiting to be paid.' },
  { status: 'paid', label: 'Paid', empty: 'No payouts have been paid yet.' },
];

/** /admin/payouts: the artists' earnings to transfer (?status=pending) and those already paid. */
export function PayoutsPage({ status }: { status: PayoutStatus }) {
  const navigate = useNavigate();
  return (
    <AdminListPage title="Payouts">
      <StatusTabs
        label="Payout status"
        tabs={payoutTabs}
        value={status}
        onValueChange={(next) => void navigate({ to: '/admin/payouts', search: { status: next } })}
      >
        {(tab) => <PayoutsList key={tab.status} status={tab.status} empty={tab.empty} />}
      </StatusTabs>
    </AdminListPage>
  );
}

function PayoutsList({ status, empty }: { status: PayoutStatus; empty: string }) {
  const list = usePayoutsList(status);
  const tableRef = useRef<HTMLTableElement>(null);
  const headingRef = useRef<HTMLParagraphElement>(null);
  const listActor = list.actor;
  // The paid row leaves the list, and with it the button that had the focus: the next row's button
  // (or the count, when none is left) takes it, after the dialog has given the focus back.
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const frame = requestAnimationFrame(() => {
      const buttons = tableRef.current?.querySelectorAll<HTMLElement>('[data-row-link]');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? headingRef.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  });
  const beforeRemove = useCallback(
    (id: number) => {
      const ids = listActor.getSnapshot().context.items.map((item) => item.id);
      focusAfterRemoval.current = Math.max(0, ids.indexOf(id));
    },
    [listActor],
  );
  const markPaid = useMarkPaidActor(listActor, beforeRemove);
  const dialog = useSelector(markPaid, connectAdminMarkPaid);
  const chosen = list.items.find((p) => p.id === dialog.openFor);
  const items = list.items;
  const artistOf = useCallback((id: number) => items.find((p) => p.id === id)?.artist.id, [items]);
  const markAll = useMarkAllPaidActor(listActor, artistOf);
  const allDialog = useSelector(markAll, connectAdminMarkPaid);
  const allFor = list.items.find((p) => p.id === allDialog.openFor)?.artist;
  // "Mark all paid" shows on an artist's first row when the page lists more than one of their payouts.
  const pendingOf = new Map<string, number>();
  for (const p of list.items)
    if (p.status === 'pending') pendingOf.set(p.artist.id, (pendingOf.get(p.artist.id) ?? 0) + 1);
  const firstRowOf = new Map<string, number>();
  for (const p of list.items) if (!firstRowOf.has(p.artist.id)) firstRowOf.set(p.artist.id, p.id);

  return (
    <>
      <p ref={headingRef} tabIndex={-1} className={css({ srOnly: true })}>
        {status === 'pending' ? 'Payouts waiting to be paid' : 'Payouts paid'}
      </p>
      <ListTable
        list={list}
        noun="payout"
        loadingText="Loading payouts…"
        emptyText={empty}
        caption={`${status === 'pending' ? 'Pending' : 'Paid'} payouts`}
        columns={[
          'Artist',
          'Bank details',
          'Order',
          'Amount',
          'Created',
          status === 'pending' ? (
            <span key="action" className={css({ srOnly: true })}>
              Action
            </span>
          ) : (
            'Paid'
          ),
        ]}
        className={css({ minW: '56rem' })}
        tableRef={tableRef}
      >
        {list.items.map((payout) => (
          <tr key={payout.id} data-testid="payout-row">
            <th scope="row" className={`${cell} ${css({ fontWeight: 'semibold' })}`}>
              {payout.artist.stage_name}
              <span className={`${small} ${css({ fontWeight: 'normal' })}`}>{payout.artist.email}</span>
              {(pendingOf.get(payout.artist.id) ?? 0) > 1 && firstRowOf.get(payout.artist.id) === payout.id ? (
                <Button
                  size="sm"
                  color="text"
                  aria-label={`Mark all of ${payout.artist.stage_name}'s ready payouts paid`}
                  onClick={() => markAll.send({ type: 'user.markPaid', id: payout.id })}
                >
                  Mark all paid
                </Button>
              ) : null}
            </th>
            <td className={cell}>
              <PayoutDestination payout={payout} listActor={listActor} />
              {payout.order_status !== 'completed' ? (
                <Badge tone="danger">On hold: order {payout.order_status}</Badge>
              ) : null}
            </td>
            <td className={cell}>
              <Link to="/admin/orders" search={{ transaction: payout.order_reference }} className={textLink}>
                {payout.order_reference}
              </Link>
            </td>
            <td className={cell}>{formatPesosWithCentavos(payout.amount)}</td>
            <td className={cell}>{formatDateTime(payout.created_at)}</td>
            <td className={cell}>
              {payout.status === 'pending' ? (
                <Button
                  size="sm"
                  color="primary"
                  data-row-link
                  aria-label={`Mark paid: ${formatPesosWithCentavos(payout.amount)} to ${payout.artist.stage_name} for ${payout.order_reference}`}
                  onClick={() => markPaid.send({ type: 'user.markPaid', id: payout.id })}
                >
                  Mark paid
                </Button>
              ) : (
                <>
                  {formatDateTime(payout.paid_at)}
                  {payout.reference ? <span className={small}>Reference {payout.reference}</span> : null}
                </>
              )}
            </td>
          </tr>
        ))}
      </ListTable>

      <MarkPaidDialog
        actor={markAll}
        dialog={allDialog}
        formId="mark-all-paid-form"
        title="Mark all of an artist's payouts as paid"
        confirmLabel="Mark all paid"
        description={
          allFor
            ? `Confirm that every payout of ${allFor.stage_name} on a completed order was transferred, in one transfer. Payouts on hold stay pending. The artist sees them as paid.`
            : undefined
        }
        hint="The one transfer's reference, for your records and the artist's."
      />
      <MarkPaidDialog
        actor={markPaid}
        dialog={dialog}
        formId="mark-paid-form"
        title="Mark payout as paid"
        confirmLabel="Mark paid"
        description={
          chosen
            ? `Confirm that ${formatPesosWithCentavos(chosen.amount)} was transferred to ${chosen.artist.stage_name}${
                chosen.payout_details
                  ? ` (${chosen.payout_details.bank_name}, account ending ${chosen.payout_details.account_last4})`
                  : ''
              } for order ${chosen.order_reference}. The artist sees it as paid.`
            : undefined
        }
        hint="The bank's or e-wallet's reference, for your records and the artist's."
      />
    </>
  );
}

type MarkPaidActor = ReturnType<typeof useMarkPaidActor>;

/** The confirmation with the transfer's reference, for one payout or all of an artist's. */
function MarkPaidDialog(props: {
  actor: MarkPaidActor;
  dialog: ReturnType<typeof connectAdminMarkPaid>;
  formId: string;
  title: string;
  confirmLabel: string;
  description: string | undefined;
  hint: string;
}) {
  const { actor, dialog, formId } = props;
  return (
    <Modal
      open={dialog.openFor !== null}
      onClose={() => actor.send({ type: 'user.dismiss' })}
      title={props.title}
      description={props.description}
      staticBackdrop={dialog.busy}
      footer={
        <>
          <Button color="text" onClick={() => actor.send({ type: 'user.dismiss' })} disabled={dialog.busy}>
            Cancel
          </Button>
          <Button color="primary" type="submit" form={formId} loading={dialog.busy}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.confirm' });
        }}
      >
        <TextField
          label="Transfer reference (optional)"
          name="reference"
          autoComplete="off"
          value={dialog.reference}
          errors={dialog.errorsOf('reference')}
          hint={props.hint}
          maxLength={100}
          onValueChange={(value) => actor.send({ type: 'reference.changed', value })}
        />
      </form>
    </Modal>
  );
}
