import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { addOnLines } from '../../contracts/addons';
import { formatPesosWithCentavos } from '../../contracts/format';
import type { AdminOrder } from '../../contracts/lifecycle';
import { refundReasonLabel } from '../../contracts/order';
import { refundStateText } from '../../contracts/refunds';
import { timelineOf } from '../../machines/order-lifecycle';
import { Button } from '../components/ui/button';
import { Item, OrderBrief } from './order-brief';
import { OrderMedia } from './order-media';
import { AdminOrderMessages } from './order-messages';
import { OrderReassign } from './order-reassign';
import { OrderReview } from './order-review';
import {
  eventBy,
  eventLabel,
  formatDateTime,
  formatDay,
  formatDeadline,
  occasionLabel,
  offerStatusLabel,
  orderStatusLabel,
} from './orders-format';
import { Badge, OverdueBadge, panel } from './paged-list';
import { useAdminOrder } from './review.actors';

const section = `${panel} ${css({ p: { base: '4', md: '6' } })}`;
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const muted = css({ color: 'fg.muted' });
const backLink = css({ color: 'brand.700', fontWeight: 'semibold', fontSize: 'sm' });
const dl = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '12rem 1fr' },
  columnGap: '4',
  rowGap: { base: '0.5', md: '2' },
  '& dt': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'sm', pt: { md: '0.5' } },
  '& dd': { overflowWrap: 'anywhere', mb: { base: '2', md: '0' } },
});

/** /admin/orders/$id: the whole order, and the review when its recording waits for validation. */
export function OrderDetailPage({ id, fromQueue }: { id: number; fromQueue: boolean }) {
  const { data: order, loading, missing, failed, error, retry, reload } = useAdminOrder(id);
  return (
    <div className={css({ maxW: '5xl', mx: 'auto', px: '4', py: '8', display: 'grid', gap: '5' })}>
      <p>
        {fromQueue ? (
          <Link to="/admin/validation" className={backLink}>
            ← Validation queue
          </Link>
        ) : (
          <Link to="/admin/orders" className={backLink}>
            ← Orders
          </Link>
        )}
      </p>
      {order ? (
        <OrderView order={order} refreshing={loading} onChanged={reload} />
      ) : loading ? (
        <p role="status" className={muted}>
          Loading the order…
        </p>
      ) : missing ? (
        <div role="alert">
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>Order not found</h1>
          <p className={muted}>This order does not exist.</p>
        </div>
      ) : failed ? (
        <div role="alert" className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>We could not load this order</h1>
          <p className={muted}>{error}</p>
          <Button color="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function OrderView({
  order,
  refreshing,
  onChanged,
}: {
  order: AdminOrder;
  refreshing: boolean;
  onChanged: () => void;
}) {
  return (
    <>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'extrabold' })}>{order.reference}</h1>
        <span className={muted}>
          {occasionLabel(order.occasion_name)} song for {order.recipient_first_name}
        </span>
        <p aria-live="polite" className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <Badge tone="info" testId="order-status">
            {orderStatusLabel[order.status]}
          </Badge>
          {order.overdue ? <OverdueBadge /> : null}
          {refreshing ? <span className={css({ srOnly: true })}>Updating…</span> : null}
        </p>
      </div>

      <OrderReview key={order.id} order={order} onChanged={onChanged} />
      <OrderReassign key={`reassign-${order.id}`} order={order} onChanged={onChanged} />

      {order.refunds.length > 0 ? (
        <section aria-labelledby="refund-title" className={section} data-testid="order-refund">
          <h2 id="refund-title" className={sectionTitle}>
            {order.refunds.length > 1 ? 'Refunds' : 'Refund'}
          </h2>
          <ul className={css({ display: 'grid', gap: '2' })}>
            {order.refunds.map((refund) => (
              <li key={refund.id} data-testid="order-refund-item" data-state={refund.status}>
                <strong>{formatPesosWithCentavos(refund.amount)}</strong> · {refundReasonLabel[refund.reason]} ·
                recorded {formatDateTime(refund.at)} · <span>{refundStateText(refund)}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/admin/refunds"
            search={{ status: order.refunds.some((r) => r.status === 'failed') ? 'failed' : 'owed' }}
            className={css({ color: 'brand.700', textDecoration: 'underline', fontSize: 'sm' })}
          >
            Open the refunds
          </Link>
        </section>
      ) : null}

      {order.feedback ? (
        <section aria-labelledby="feedback-title" className={section}>
          <h2 id="feedback-title" className={sectionTitle}>
            {order.feedback.from === 'admin' ? 'Last revision notes from the team' : 'Last feedback from the customer'}
          </h2>
          <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{order.feedback.text}</p>
          <p className={`${muted} ${css({ fontSize: 'sm', mt: '1' })}`}>{formatDateTime(order.feedback.at)}</p>
        </section>
      ) : null}

      <OrderMedia order={order} />
      {order.status !== 'awaiting_payment' ? <AdminOrderMessages orderId={order.id} /> : null}
      <OrderBrief order={order} />
      <Summary order={order} />
      <Timeline order={order} />
      <Offers order={order} />
    </>
  );
}

function Summary({ order }: { order: AdminOrder }) {
  const { lifecycle } = order;
  return (
    <section aria-labelledby="summary-title" className={section}>
      <h2 id="summary-title" className={sectionTitle}>
        People, dates and money
      </h2>
      <dl className={dl}>
        <Item term="Customer">
          {order.customer.name} · {order.customer.email}
        </Item>
        <Item term="Artist">{order.artist?.stage_name ?? 'Not taken yet'}</Item>
        <Item term="Needed by">{formatDay(order.needed_by)}</Item>
        <Item term="Recording due">
          {order.due_at ? formatDeadline(order.due_at) : '—'}
          {order.overdue ? ' (overdue)' : ''}
        </Item>
        <Item term="Accepted">{formatDateTime(order.accepted_at)}</Item>
        <Item term="Completed">{formatDateTime(order.completed_at)}</Item>
        <Item term="Price">{formatPesosWithCentavos(order.price)}</Item>
        {addOnLines(order.add_ons).length > 0 ? (
          <Item term="Add-ons">
            <span data-testid="order-add-ons">{addOnLines(order.add_ons).join(', ')}</span>
          </Item>
        ) : null}
        <Item term="Platform fee">{formatPesosWithCentavos(order.platform_fee)}</Item>
        <Item term="Artist earns">{formatPesosWithCentavos(order.earning)}</Item>
        <Item term="Customer revisions">{`${lifecycle.revisions_used} of ${lifecycle.revision_limit} used`}</Item>
        {order.rating !== null ? (
          <Item term="Rating">
            {`${order.rating} of 5`}
            {order.review ? ` · “${order.review}”` : ''}
          </Item>
        ) : null}
      </dl>
    </section>
  );
}

function Timeline({ order }: { order: AdminOrder }) {
  const steps = timelineOf(order.lifecycle);
  return (
    <section aria-labelledby="timeline-title" className={section}>
      <h2 id="timeline-title" className={sectionTitle}>
        Timeline
      </h2>
      {order.status === 'cancelled' ? <p className={css({ mb: '3', fontWeight: 'semibold' })}>Cancelled.</p> : null}
      <ol aria-label="Lifecycle" className={css({ display: 'grid', gap: '1.5', mb: '5' })}>
        {steps.map((step) => (
          <li
            key={step.status}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className={css({
              display: 'flex',
              gap: '2',
              color: 'fg.muted',
              '&[data-state=done]': { color: 'fg.default' },
              '&[data-state=current]': { color: 'brand.800', fontWeight: 'bold' },
            })}
          >
            <span aria-hidden="true">{step.state === 'done' ? '✓' : step.state === 'current' ? '●' : '○'}</span>
            {step.label}
            <span className={css({ srOnly: true })}>{`(${step.state === 'upcoming' ? 'not yet' : step.state})`}</span>
          </li>
        ))}
      </ol>
      <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>History</h3>
      {order.events.length === 0 ? (
        <p className={muted}>No events yet.</p>
      ) : (
        <ol
          aria-label="History"
          className={css({ display: 'grid', gap: '1', borderLeftWidth: '2px', borderColor: 'brand.200', pl: '4' })}
        >
          {order.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end; two events may share a type and a second.
            <li key={`${event.type}-${event.at}-${index}`} data-testid="order-event">
              <span className={css({ fontWeight: 'medium' })}>{eventLabel(event.type)}</span>{' '}
              <span className={muted}>
                by {eventBy(event.by)} · {formatDateTime(event.at)}
              </span>
              {event.note ? (
                <span className={css({ display: 'block', overflowWrap: 'anywhere' })}>“{event.note}”</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Offers({ order }: { order: AdminOrder }) {
  return (
    <section aria-labelledby="offers-title" className={section}>
      <h2 id="offers-title" className={sectionTitle}>
        Offers
      </h2>
      {order.offers.length === 0 ? (
        <p className={muted}>No offers.</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '2' })}>
          {[...order.offers]
            .sort((a, b) => a.rank - b.rank)
            .map((offer) => (
              <li
                key={offer.artist.id}
                data-testid="order-offer"
                className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}
              >
                <span className={css({ fontWeight: 'semibold' })}>
                  {offer.rank}. {offer.artist.stage_name}
                </span>
                <Badge tone={offer.status === 'accepted' ? 'ok' : 'muted'}>{offerStatusLabel[offer.status]}</Badge>
                {offer.status === 'pending' && offer.expires_at ? (
                  <span className={muted}>answer by {formatDeadline(offer.expires_at)}</span>
                ) : null}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
