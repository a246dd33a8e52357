import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { formatCalendarDay, formatDate, formatPesosWithCentavos } from '../../../contracts/format';
import { clipSlots, moods, type OrderDetail, occasions, tempos } from '../../../contracts/order';
import { useCustomerOrderHistory } from '../../actors/customer-lists';
import { buttonRecipe } from '../ui/button';
import { ListFooter } from '../ui/list-footer';
import { LoadFailed } from '../ui/load-failed';
import { eventLabel, orderStatusLabel } from './order-status';
import { RefundNotes } from './refund-note';

const occasionLabel = (value: string) => occasions.find((o) => o.value === value)?.display ?? value;
const labelIn = (list: { value: string; display: string }[], value: string) =>
  list.find((o) => o.value === value)?.display ?? value;

/** What the customer asked for, as the artist reads it. */
function Brief({ order }: { order: OrderDetail }) {
  const { song, story } = order.brief ?? {};
  if (!song || !story) return null;
  const clips = clipSlots.map((slot) => story[slot]).filter((c) => c !== null);
  return (
    <details className={css({ mt: '3' })}>
      <summary className={css({ cursor: 'pointer', fontWeight: 'medium', color: 'brand.800' })}>Your brief</summary>
      <dl
        className={css({
          mt: '2',
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: '6',
          rowGap: '1',
          fontSize: 'sm',
        })}
      >
        <dt className={css({ color: 'fg.muted' })}>Mood and tempo</dt>
        <dd>
          {labelIn(moods, song.song_mood)}, {labelIn(tempos, song.song_tempo).toLowerCase()}
        </dd>
        <dt className={css({ color: 'fg.muted' })}>About the song</dt>
        <dd className={css({ whiteSpace: 'pre-line' })}>{story.song_about}</dd>
        {story.song_prompt1_title ? (
          <>
            <dt className={css({ color: 'fg.muted' })}>{story.song_prompt1_title}</dt>
            <dd className={css({ whiteSpace: 'pre-line' })}>{story.song_prompt1_details}</dd>
          </>
        ) : null}
        {story.song_prompt2_title ? (
          <>
            <dt className={css({ color: 'fg.muted' })}>{story.song_prompt2_title}</dt>
            <dd className={css({ whiteSpace: 'pre-line' })}>{story.song_prompt2_details}</dd>
          </>
        ) : null}
        {clips.length > 0 ? (
          <>
            <dt className={css({ color: 'fg.muted' })}>Voice clips</dt>
            <dd>{clips.length}</dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

/**
 * The customer's orders, newest first a page at a time with "Show more", or the one `transaction`
 * names (the route reads it from the address and starts a new list when it changes).
 */
export function OrderHistory({ transaction }: { transaction: string | undefined }) {
  const list = useCustomerOrderHistory(transaction);
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <section aria-labelledby="orders-heading" aria-busy={list.loading || list.refreshing}>
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
      {list.loading ? <p role="status">Loading your orders…</p> : null}
      {list.failed ? <LoadFailed message={list.error} onRetry={list.retry} /> : null}
      {list.empty ? (
        <p className={css({ color: 'fg.muted' })}>
          {transaction
            ? 'No order with this reference.'
            : 'You have not ordered a song yet. Your orders and their progress will show here.'}
        </p>
      ) : null}
      <ul ref={listRef} className={css({ display: 'grid', gap: '4' })}>
        {list.items.map((order) => (
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
                Reference <strong>{order.reference}</strong> · {formatPesosWithCentavos(order.price)} · needed by{' '}
                {formatCalendarDay(order.needed_by)} · with {order.artists.map((a) => a.stage_name).join(', ')}
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
                    <span className={css({ color: 'fg.muted' })}>· {formatDate(e.at)}</span>
                  </li>
                ))}
              </ol>
              <Brief order={order} />
              <p className={css({ mt: '3' })}>
                <Link
                  to="/customer/account/orders/$id"
                  params={{ id: String(order.id) }}
                  aria-describedby={`order-${order.id}`}
                  data-row-link
                  className={css({ color: 'brand.700', fontWeight: 'semibold', textDecoration: 'underline' })}
                >
                  View order
                </Link>
                {order.payable ? (
                  <>
                    {' '}
                    <Link
                      to="/pay/$orderId"
                      params={{ orderId: String(order.id) }}
                      aria-describedby={`order-${order.id}`}
                      className={buttonRecipe({ color: 'primary', size: 'sm' })}
                    >
                      Pay now
                    </Link>
                  </>
                ) : null}
                <RefundNotes refunds={order.refunds} />
              </p>
            </article>
          </li>
        ))}
      </ul>
      {transaction ? null : <ListFooter list={list} noun="order" listRef={listRef} />}
    </section>
  );
}
