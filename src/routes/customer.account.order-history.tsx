import { createFileRoute, Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { occasions } from '../../contracts/order';
import { useAppActors } from '../actors/hooks';
import { customerApi } from '../api/customer.api';
import { day, eventLabel, orderStatusLabel, peso } from '../components/account/order-status';
import { Button } from '../components/ui/button';
import { useResource } from '../components/ui/use-resource';

export const Route = createFileRoute('/customer/account/order-history')({
  staticData: { pageTitle: 'Order History', name: 'customer.account.order-history' },
  // SPEC §4: notifications link here with ?transaction=OR… to focus one order.
  validateSearch: v.object({ transaction: v.optional(v.pipe(v.string(), v.regex(/^OR\d+$/)), undefined) }),
  component: OrderHistory,
});

const occasionLabel = (value: string) => occasions.find((o) => o.value === value)?.display ?? value;

function OrderHistory() {
  const { transaction } = Route.useSearch();
  const { api } = useAppActors();
  const {
    data: orders,
    loading,
    failed,
    error,
    retry,
  } = useResource(() => customerApi(api.for('user')).orders(transaction), transaction ?? 'all');
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
        Order History
      </h2>
      {transaction ? (
        <p className={css({ mb: '4' })}>
          Showing order {transaction}.{' '}
          <Link
            to="/customer/account/order-history"
            className={css({ color: 'brand.700', textDecoration: 'underline' })}
          >
            Show all orders
          </Link>
        </p>
      ) : null}
      {loading ? <p role="status">Loading your orders…</p> : null}
      {failed ? (
        <div role="alert">
          <p>{error}</p>
          <Button size="sm" color="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
      {orders && orders.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>
          {transaction
            ? 'No order with this reference.'
            : 'You have not ordered a song yet. Your orders and their progress will show here.'}
        </p>
      ) : null}
      <ul className={css({ display: 'grid', gap: '4' })}>
        {(orders ?? []).map((order) => (
          <li
            key={order.id}
            className={css({
              borderWidth: '1px',
              borderColor: 'border.default',
              borderRadius: 'xl',
              p: '5',
              bg: 'white',
            })}
          >
            <article aria-labelledby={`order-${order.id}`}>
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
                <h3 id={`order-${order.id}`} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
                  {occasionLabel(order.occasion_name)} song for {order.recipient_first_name}
                </h3>
                <span className={css({ fontWeight: 'semibold', color: 'brand.800' })} data-testid="order-status">
                  {orderStatusLabel[order.status]}
                </span>
              </div>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                Reference <strong>{order.reference}</strong> · {peso(order.price)} · needed by {day(order.needed_by)} ·
                with {order.artists.map((a) => a.stage_name).join(', ')}
              </p>
              <ol
                aria-label="Timeline"
                className={css({
                  mt: '3',
                  display: 'grid',
                  gap: '1',
                  borderLeftWidth: '2px',
                  borderColor: 'brand.200',
                  pl: '4',
                })}
              >
                {order.events.map((e) => (
                  <li key={`${e.type}-${e.at}`} className={css({ fontSize: 'sm' })}>
                    <span className={css({ fontWeight: 'medium' })}>{eventLabel(e.type)}</span>{' '}
                    <span className={css({ color: 'fg.muted' })}>· {day(e.at)}</span>
                  </li>
                ))}
              </ol>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
