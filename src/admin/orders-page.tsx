import { Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { type AdminOrder, type AdminStage, adminStages } from '../../contracts/lifecycle';
import { SelectField } from '../components/ui/select-field';
import { getAdminOrdersApi } from './orders.api';
import { formatDay, formatMoney, occasionLabel, orderStatusLabel, stageLabel } from './orders-format';
import { Badge, ListFooter, ListState, OverdueBadge, panel, useAdminList } from './paged-list';
import { cell, headCell, small } from './table-styles';

/** The filter's choices: everything, the overdue ones, then each status in lifecycle order. */
const stageOptions = ['all', 'overdue', ...adminStages.filter((stage) => stage !== 'all' && stage !== 'overdue')].map(
  (stage) => ({ value: stage, display: stageLabel[stage as AdminStage] }),
);

const link = css({ color: 'brand.700', textDecoration: 'underline', fontWeight: 'semibold' });

/** /admin/orders: every order by stage (?stage=), or the one a notification points at (?transaction=). */
export function OrdersPage({ stage, transaction }: { stage: AdminStage; transaction: string | undefined }) {
  const navigate = useNavigate();
  return (
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Orders</h1>
      <div className={css({ maxW: '20rem', mb: '4' })}>
        <SelectField
          label="Stage"
          options={stageOptions}
          value={stage}
          onChange={(value) =>
            void navigate({
              to: '/admin/orders',
              search: value === 'all' || value === '' ? {} : { stage: value as AdminStage },
            })
          }
        />
      </div>
      {transaction ? (
        <p className={css({ mb: '4' })}>
          Showing order {transaction}.{' '}
          <Link to="/admin/orders" className={link}>
            Show all orders
          </Link>
        </p>
      ) : null}
      <OrdersList key={`${stage}|${transaction ?? ''}`} stage={stage} transaction={transaction} />
    </div>
  );
}

function OrdersList({ stage, transaction }: { stage: AdminStage; transaction: string | undefined }) {
  const list = useAdminList<AdminOrder>(
    (query, cursor) => getAdminOrdersApi().orders({ ...query, cursor }),
    transaction ? { stage, transaction } : { stage },
    { kinds: ['order', 'offer', 'refund'] },
  );
  const tableRef = useRef<HTMLTableElement>(null);
  const empty = transaction ? `No order with the reference ${transaction}.` : emptyText(stage);
  return (
    <>
      <ListState list={list} loadingText="Loading orders…" emptyText={empty} />
      {list.items.length > 0 ? (
        <div className={`${panel} ${css({ overflowX: 'auto' })}`}>
          <table ref={tableRef} className={css({ w: 'full', borderCollapse: 'collapse', minW: '56rem' })}>
            <caption className={css({ srOnly: true })}>{stageLabel[stage]}</caption>
            <thead>
              <tr>
                <th scope="col" className={headCell}>
                  Reference
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={headCell}>
                  Customer
                </th>
                <th scope="col" className={headCell}>
                  Artist
                </th>
                <th scope="col" className={headCell}>
                  Due
                </th>
                <th scope="col" className={headCell}>
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ListFooter list={list} noun="orders" listRef={tableRef} />
    </>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  return (
    <tr data-testid="order-row" data-overdue={order.overdue || undefined}>
      <th scope="row" className={cell}>
        <Link to="/admin/orders/$id" params={{ id: order.id }} className={link} data-row-link>
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
        {order.due_at ? formatDay(order.due_at) : <span className={small}>Needed by {formatDay(order.needed_by)}</span>}
        {order.overdue ? (
          <span className={css({ display: 'block', mt: '1' })}>
            <OverdueBadge />
          </span>
        ) : null}
      </td>
      <td className={cell}>{formatMoney(order.price)}</td>
    </tr>
  );
}

function emptyText(stage: AdminStage): string {
  if (stage === 'all') return 'No orders yet.';
  if (stage === 'overdue') return 'No order is overdue.';
  return `No orders in “${orderStatusLabel[stage]}”.`;
}
