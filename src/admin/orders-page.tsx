import { Link, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { deadlineDay, formatPesosWithCentavos, zoneLabel } from '../../contracts/format';
import { type AdminOrder, type AdminStage, adminStages } from '../../contracts/lifecycle';
import { MIN_INDEXED_SEARCH } from '../../contracts/operations';
import { Button } from '../components/ui/button';
import { inputClass } from '../components/ui/field';
import { ListFooter } from '../components/ui/list-footer';
import { SelectField } from '../components/ui/select-field';
import { useAdminOrders } from './admin-lists';
import { formatDay, occasionLabel, orderStatusLabel, stageLabel } from './orders-format';
import { Badge, ListState, OverdueBadge, panel } from './paged-list';
import { cell, headCell, small, tableScroller } from './table-styles';

/** The filter's choices: everything, the overdue ones, then each status in lifecycle order. */
const stageOptions = [
  'all',
  'overdue',
  'stranded',
  ...adminStages.filter((stage) => stage !== 'all' && stage !== 'overdue' && stage !== 'stranded'),
].map((stage) => ({ value: stage, display: stageLabel[stage as AdminStage] }));

const link = css({ color: 'brand.700', textDecoration: 'underline', fontWeight: 'semibold' });

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
    <div className={css({ maxW: '7xl', mx: 'auto', px: '4', py: '8' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold', mb: '4' })}>Orders</h1>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-end', mb: '4' })}>
        <div className={css({ w: { base: 'full', sm: '20rem' } })}>
          <SelectField
            label="Stage"
            options={stageOptions}
            value={stage}
            onChange={(value) =>
              void navigate({ to: '/admin/orders', search: searchOf({ stage: value as AdminStage, q }) })
            }
          />
        </div>
        {/* Uncontrolled: the address holds the search; the box is read when the form is sent. */}
        <form
          aria-label="Search orders"
          key={q ?? ''}
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'flex-end',
            flex: '1',
            minW: { base: 'full', sm: '20rem' },
          })}
          onSubmit={(e) => {
            e.preventDefault();
            const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
            void navigate({ to: '/admin/orders', search: searchOf({ stage, q: text.slice(0, 100) }) });
          }}
        >
          <div className={css({ flex: '1', mb: '4' })}>
            <label
              htmlFor="orders-search"
              className={css({ display: 'block', fontWeight: 'semibold', mb: '1', fontSize: 'sm' })}
            >
              Search
            </label>
            <input
              id="orders-search"
              name="q"
              type="search"
              defaultValue={q ?? ''}
              maxLength={100}
              placeholder="Reference, customer, recipient or artist"
              className={inputClass}
            />
          </div>
          <Button type="submit" color="secondary" className={css({ mb: '4' })}>
            Search
          </Button>
        </form>
      </div>
      {q ? (
        <p className={css({ mb: '4' })}>
          Orders matching “{q}”, newest first.{' '}
          {q.length < MIN_INDEXED_SEARCH
            ? `With fewer than ${MIN_INDEXED_SEARCH} characters, only order references are searched. `
            : null}
          <Link to="/admin/orders" search={searchOf({ stage })} className={link}>
            Clear the search
          </Link>
        </p>
      ) : null}
      {transaction ? (
        <p className={css({ mb: '4' })}>
          Showing order {transaction}.{' '}
          <Link to="/admin/orders" className={link}>
            Show all orders
          </Link>
        </p>
      ) : null}
      <OrdersList key={`${stage}|${transaction ?? ''}|${q ?? ''}`} stage={stage} transaction={transaction} q={q} />
    </div>
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
  const tableRef = useRef<HTMLTableElement>(null);
  const empty = transaction
    ? `No order with the reference ${transaction}.`
    : q
      ? `No order matches “${q}”.`
      : emptyText(stage);
  return (
    <>
      <ListState list={list} loadingText="Loading orders…" emptyText={empty} />
      {list.items.length > 0 ? (
        <div className={`${panel} ${tableScroller}`}>
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
                  Due <span className={small}>{zoneLabel()}</span>
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
      <ListFooter list={list} noun="order" listRef={tableRef} />
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
