import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { ArtistOrder, ArtistStage } from '../../../../contracts/lifecycle';
import { useArtistStageOrders } from '../../../actors/artist-orders';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { Button } from '../../ui/button';
import { OrderCard } from './order-card';

/** Each screen's heading, what it is for, and what an empty list means (docs/architecture.md §4 "Artist screens by stage"). */
const stageCopy: Record<ArtistStage, { heading: string; intro: string; empty: string }> = {
  new: {
    heading: 'New song orders',
    intro:
      'Offers from customers who chose you, the one to answer soonest first. The first artist to accept takes the order.',
    empty: 'No new song orders right now. Offers from customers appear here while you are online.',
  },
  ongoing: {
    heading: 'Ongoing orders',
    intro: 'Orders you accepted, soonest due first. Upload the recording before its due date.',
    empty: 'No ongoing orders. Orders you accept appear here until you upload the recording.',
  },
  validation: {
    heading: 'Waiting for validation',
    intro: 'Recordings our team is checking, and songs delivered to the customer waiting for their answer.',
    empty: 'Nothing is waiting for validation. Recordings you upload are checked by our team here.',
  },
  revision: {
    heading: 'Revisions requested',
    intro: 'Read what to change, then upload the revised recording.',
    empty: 'No revisions requested.',
  },
  completed: {
    heading: 'Completed orders',
    intro: 'Songs the customers accepted, with their ratings, reviews and thank-you notes.',
    empty: 'No completed orders yet.',
  },
};

/** The first answer deadline among the offers shown (ms), or null. */
function soonestDeadline(orders: ArtistOrder[]): number | null {
  const deadlines = orders.flatMap((o) => (o.offer.expires_at ? [new Date(o.offer.expires_at).getTime()] : []));
  return deadlines.length > 0 ? Math.min(...deadlines) : null;
}

/** One of the artist's order screens: the stage's orders, a page at a time, with their actions. */
export function OrderStagePage({ stage }: { stage: ArtistStage }) {
  const copy = stageCopy[stage];
  const list = useArtistStageOrders(stage);
  const headingId = `stage-${stage}-heading`;

  // After "Show more", focus moves to the first card it added, so keyboard users carry on from there.
  const firstNew = useRef<number | null>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  useEffect(() => {
    if (firstNew.current === null || list.loadingMore) return;
    const order = list.items[firstNew.current];
    if (order) cards.current.get(order.id)?.focus();
    firstNew.current = null;
  }, [list.items, list.loadingMore]);

  // A notification about one order opens this screen with `#order-<id>`: once its card is listed, it is
  // brought into view and focused, once per visit of that address.
  const wanted = useLocation({ select: (location) => /^order-(\d+)$/.exec(location.hash)?.[1] ?? null });
  const shown = useRef<string | null>(null);
  const listed = wanted !== null && list.items.some((order) => String(order.id) === wanted);
  useEffect(() => {
    if (!listed || shown.current === wanted) return;
    const card = cards.current.get(Number(wanted));
    if (!card) return;
    shown.current = wanted;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  }, [wanted, listed]);

  // Offers count down to their deadline; at the soonest one, the clock moves and the list is read again.
  const soonest = stage === 'new' ? soonestDeadline(list.items) : null;
  const now = useMinuteClock(soonest);
  const refresh = list.refresh;
  const passed = soonest !== null && soonest <= now.getTime();
  useEffect(() => {
    if (passed) refresh();
  }, [passed, refresh]);
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={list.loading || list.refreshing}
      className={css({ display: 'grid', gap: '4' })}
    >
      <div>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
          {copy.heading}
        </h2>
        <p className={css({ color: 'fg.muted' })}>{copy.intro}</p>
      </div>

      {list.loading ? <p role="status">Loading orders…</p> : null}
      {list.failed ? (
        <div role="alert" className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
          <p>{list.error}</p>
          <Button size="sm" color="secondary" onClick={list.retry}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.empty ? (
        <p role="status" className={css({ color: 'fg.muted', bg: 'white', borderRadius: 'xl', p: '6' })}>
          {copy.empty}
        </p>
      ) : null}
      <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', _empty: { display: 'none' } })}>
        {list.refreshing ? 'Updating the list…' : ''}
      </p>

      {list.items.length > 0 ? (
        <ul aria-label={copy.heading} className={css({ display: 'grid', gap: '4' })}>
          {list.items.map((order) => (
            <li key={order.id}>
              <OrderCard
                ref={(el) => {
                  if (el) cards.current.set(order.id, el);
                  else cards.current.delete(order.id);
                }}
                order={order}
                now={now}
                onChanged={list.refresh}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {list.moreError ? (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm' })}>
          {list.moreError}
        </p>
      ) : null}
      {list.hasMore ? (
        <div>
          <Button
            color="secondary"
            loading={list.loadingMore}
            onClick={() => {
              firstNew.current = list.items.length;
              list.loadMore();
            }}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
