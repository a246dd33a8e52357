import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { deadlineDay, formatPesosWithCentavos, zoneLabel } from '../../contracts/format';
import { type AdminOrder, type AdminStage, adminStages } from '../../contracts/lifecycle';
import { MIN_INDEXED_SEARCH } from '../../contracts/operations';
import { AdminListPage, AdminListToolbar } from './admin-list-toolbar';
import { useAdminOrders } from './admin-lists';
import { formatDay, occasionLabel, orderStatusLabel, stageLabel } from './orders-format';
import { Badge, ListTable, OverdueBadge } from './paged-list';
import { cell, small, textLink } from './table-styles';

/** The filter's choices: everything, the overdue ones, then each status in lifecycle order. */
const stageOptions = [
  'all',
  'overdue',
  'stranded',
  ...adminStages.filter((stage) => stage !== 'all' && stage !== 'overdue' && stage !== 'stranded'),
].map((stage) => ({ value: stage as AdminStage, display: stageLabel[stage as AdminStage] }));

/**
 * /admin/orders: every order by stage (?stage=), searched (?q=: reference, customer name or email,
 * recipient, artist stage name or email; newest order first), or the one a notification points at
 * (?transaction=).
 */
export function OrdersPage({
  stage,
  transaction,
  q,
}: {
  stage: AdminStage;
  transaction: string | undefined;
  q?: string | undefined;
}) {
  const navigate = useNavigate();
  const searchOf = (next: { stage?: AdminStage; q?: string }) => ({
    ...(next.stage && next.stage !== 'all' ? { stage: next.stage } : {}),
    ...(next.q ? { q: next.q } : {}),
  });
  return (
    <AdminListPage title="Orders">
      <AdminListToolbar
        filter={{
          label: 'Stage',
          options: stageOptions,
          value: stage,
          onValueChange: (value) => void navigate({ to: '/admin/orders', search: searchOf({ stage: value, q }) }),
        }}
        search={{
          label: 'Search orders',
          id: 'orders-search',
          placeholder: 'Reference, customer, recipient or artist',
          value: q,
          onSearch: (text) => void navigate({ to: '/admin/orders', search: searchOf({ stage, q: text }) }),
          summary: (
            <>
              Orders matching “{q}”, newest first.{' '}
              {(q?.length ?? 0) < MIN_INDEXED_SEARCH
                ? `With fewer than ${MIN_INDEXED_SEARCH} characters, only order references are searched. `
                : null}
              <Link to="/admin/orders" search={searchOf({ stage })} className={textLink}>
                Clear the search
              </Link>
            </>
          ),
        }}
      />
      {transaction ? (
        <p className={css({ mb: '4' })}>
          Showing order {transaction}.{' '}
          <Link to="/admin/orders" className={textLink}>
            Show all orders
          </Link>
        </p>
      ) : null}
      <OrdersList key={`${stage}|${transaction ?? ''}|${q ?? ''}`} stage={stage} transaction={transaction} q={q} />
    </AdminListPage>
  );
}

function OrdersList({
  stage,
  transaction,
  q,
}: {
  stage: AdminStage;
  transaction: string | undefined;
  q: string | undefined;
}) {
  const list = useAdminOrders({ stage, transaction, q });
  const empty = transaction
    ? `No order with the reference ${transaction}.`
    : q
      ? `No order matches “${q}”.`
      : emptyText(stage);
  return (
    <ListTable
      list={list}
      noun="order"
      loadingText="Loading orders…"
      emptyText={empty}
      caption={stageLabel[stage]}
      columns={[
        'Reference',
        'Status',
        'Customer',
        'Artist',
        <>
          Due <span className={small}>{zoneLabel()}</span>
        </>,
        'Price',
      ]}
      className={css({ minW: '56rem' })}
    >
      {list.items.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </ListTable>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  return (
    <tr data-testid="order-row" data-overdue={order.overdue || undefined}>
      <th scope="row" className={cell}>
        <Link to="/admin/orders/$id" params={{ id: order.id }} className={textLink} data-row-link>
          {order.reference}
        </Link>
        <span className={small}>
          {occasionLabel(order.occasion_name)} · for {order.recipient_first_name}
        </span>
      </th>
      <td className={cell}>
        <Badge tone={order.status === 'cancelled' ? 'muted' : order.status === 'completed' ? 'ok' : 'info'}>
          {orderStatusLabel[order.status]}
        </Badge>
      </td>
      <td className={cell}>
        {order.customer.name}
        <span className={small}>{order.customer.email}</span>
      </td>
      <td className={cell}>{order.artist?.stage_name ?? <span className={small}>Not taken yet</span>}</td>
      <td className={cell}>
        {order.due_at ? (
          deadlineDay(order.due_at)
        ) : (
          <span className={small}>Needed by {formatDay(order.needed_by)}</span>
        )}
        {order.overdue ? (
          <span className={css({ display: 'block', mt: '1' })}>
            <OverdueBadge />
          </span>
        ) : null}
      </td>
      <td className={cell}>{formatPesosWithCentavos(order.price)}</td>
    </tr>
  );
}

function emptyText(stage: AdminStage): string {
  if (stage === 'all') return 'No orders yet.';
  if (stage === 'overdue') return 'No order is overdue.';
  if (stage === 'stranded') return 'No order was left by its artist.';
  return `No orders in “${orderStatusLabel[stage]}”.`;
}
