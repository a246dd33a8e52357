import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { orderMessages } from '../../../../contracts/order';
import { useCustomerOrder } from '../../../actors/use-customer-order';
import { CustomerOrderMessages } from '../../order/customer-order-messages';
import { LyricsState } from '../../order/lyrics-steps';
import { ReportProblem } from '../../support/report-problem';
import { Button, buttonRecipe } from '../../ui/button';
import { RefundNotes } from '../refund-note';
import { DeliveredSong } from './delivered-song';
import { GiftShare } from './gift-share';
import { LyricsSwitch, lyricsSwitchOpen } from './lyrics-switch';
import { OrderActions } from './order-actions';
import { BriefSummary, OrderFacts, occasionLabel } from './order-facts';
import { OrderTimeline } from './order-timeline';
import { GivenRating, RateForm } from './rate-form';
import { RebookSection } from './rebook-section';
import { SongVersions } from './song-versions';
import { TipPanel } from './tip-panel';

const linkClass = css({ color: 'brand.700', textDecoration: 'underline' });

function BackToOrders() {
  return (
    <Link to="/customer/account/order-history" className={linkClass}>
      Back to your orders
    </Link>
  );
}

/** One order, from the customer's side: where it stands, the song once delivered, and what can be done now. */
export function CustomerOrderPage({ orderId }: { orderId: number }) {
  const { view, send } = useCustomerOrder(orderId);
  const order = view.order;
  const statusRef = useRef<HTMLParagraphElement>(null);
  // After an action the button that had focus may be gone (accepted, cancelled): keep the keyboard's
  // place at the order's new status rather than at the top of the document.
  useEffect(() => {
    if (order && (document.activeElement === document.body || document.activeElement === null))
      statusRef.current?.focus();
  }, [order]);

  if (view.loading) return <p role="status">Loading your order…</p>;
  if (view.missing)
    return (
      <section aria-labelledby="order-missing-heading">
        <h2 id="order-missing-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
          Order not found
        </h2>
        <p className={css({ mb: '3' })}>{orderMessages.orderNotFound}</p>
        <BackToOrders />
      </section>
    );
  if (view.failed || !order)
    return (
      <div role="alert">
        <p className={css({ mb: '2' })}>{view.loadError}</p>
        <Button size="sm" color="secondary" onClick={() => send({ type: 'user.retry' })}>
          Try again
        </Button>
      </div>
    );

  const song = view.song;
  const artistName = order.artist?.stage_name ?? order.artists[0]?.stage_name ?? '';
  return (
    <article aria-labelledby="order-heading" aria-busy={view.busy} className={css({ display: 'grid', gap: '6' })}>
      <div>
        <p className={css({ mb: '3', fontSize: 'sm' })}>
          <BackToOrders />
        </p>
        <h2 id="order-heading" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
          {occasionLabel(order.occasion_name)} song for {order.recipient_first_name}
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          Reference <strong>{order.reference}</strong>
        </p>
        <p
          ref={statusRef}
          role="status"
          tabIndex={-1}
          data-testid="order-status"
          className={css({ mt: '2', fontWeight: 'semibold', color: 'brand.800', fontSize: 'lg' })}
        >
          {view.statusLabel}
        </p>
        <OrderTimeline steps={view.timeline} />
        <LyricsState facts={order.lifecycle} reader="customer" />
        {lyricsSwitchOpen(order.lifecycle) ? <LyricsSwitch orderId={order.id} facts={order.lifecycle} /> : null}
        {order.payable ? (
          <p className={css({ mt: '4' })}>
            <Link
              to="/pay/$orderId"
              params={{ orderId: String(order.id) }}
              className={buttonRecipe({ color: 'primary' })}
            >
              Pay now
            </Link>
          </p>
        ) : null}
        <RefundNotes refunds={order.refunds} />
        <OrderActions view={view} send={send} />
      </div>
      {song ? (
        <DeliveredSong
          song={{
            playerId: `order-${order.id}`,
            title: `Song for ${order.recipient_first_name}`,
            artistName,
            url: song.url,
            lyrics: song.lyrics,
            downloadUrl: song.download_url,
          }}
        />
      ) : null}
      <SongVersions order={order} artistName={artistName} />
      {view.allowed('rebook') ? <RebookSection view={view} send={send} /> : null}
      {view.allowed('rate') ? <RateForm view={view} send={send} /> : null}
      {order.rating !== null ? <GivenRating rating={order.rating} review={order.review} /> : null}
      {view.allowed('gift') ? <GiftShare view={view} send={send} /> : null}
      {order.status === 'completed' ? <TipPanel orderId={order.id} artistName={artistName} /> : null}
      <OrderFacts order={order} />
      <BriefSummary order={order} />
      {order.status !== 'awaiting_payment' ? (
        <CustomerOrderMessages
          orderId={order.id}
          artistName={order.artist?.stage_name ?? null}
          lifecycle={order.lifecycle}
        />
      ) : null}
      <ReportProblem orderId={order.id} reference={order.reference} />
    </article>
  );
}
