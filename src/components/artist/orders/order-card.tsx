import { forwardRef, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { addOnLines } from '../../../../contracts/addons';
import { formatCalendarDay, formatDate, formatDeadline, formatPesosWithCentavos } from '../../../../contracts/format';
import { type ArtistOrder, isOverdue } from '../../../../contracts/lifecycle';
import { allowedEvents } from '../../../../machines/order-lifecycle';
import { LyricsState } from '../../order/lyrics-steps';
import { ArtistOrderMessages } from './artist-order-messages';
import {
  type AnswerCountdown,
  answerCountdown,
  artistStatusLabel,
  endOfManilaDay,
  orderTitle,
  type TimeLeft,
  timeLeft,
} from './format';
import { OfferActions } from './offer-actions';
import { OrderBrief } from './order-brief';
import { OrderFeedback, OrderOutcome } from './order-notes';
import { PlayToggle } from './play-toggle';
import { RecordingUpload } from './recording-upload';

const card = css({
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  p: { base: '4', md: '5' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.400' },
  '&[data-overdue=true]': { borderColor: 'red.400', borderLeftWidth: '6px' },
  '&[data-urgent=true]': { borderColor: 'red.500', borderLeftWidth: '6px' },
  '&[data-expired=true]': { opacity: 0.7 },
});

const countdownClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  mt: '2',
  px: '3',
  py: '1',
  borderRadius: 'md',
  fontWeight: 'semibold',
  fontSize: 'sm',
  bg: 'brand.50',
  color: 'brand.800',
  '&[data-urgent]': { bg: 'red.50', color: 'red.800', borderWidth: '1px', borderColor: 'red.500' },
  '&[data-expired]': { bg: 'gray.100', color: 'gray.700' },
});

/** The time left to answer an offer, in words as well as colour; "Urgent" under an hour. */
function OfferCountdown({ left, deadline }: { left: AnswerCountdown; deadline: string }) {
  return (
    <p
      data-testid="answer-countdown"
      data-urgent={left.urgent || undefined}
      data-expired={left.expired || undefined}
      className={countdownClass}
    >
      {left.urgent ? (
        <strong className={css({ textTransform: 'uppercase', letterSpacing: 'wide' })}>Urgent</strong>
      ) : null}
      <time dateTime={deadline} aria-hidden="true">
        {left.text}
      </time>
      <span className={css({ srOnly: true })}>{left.spoken}</span>
    </p>
  );
}

const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  mt: '3',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { fontWeight: 'semibold' },
});

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A date with the time left to it; past it, the text says so in the danger colour. */
function WithTimeLeft({ date, left }: { date: string; left: TimeLeft }) {
  return (
    <>
      {date}{' '}
      <span
        data-overdue={left.overdue || undefined}
        className={css({
          display: 'block',
          fontWeight: 'normal',
          color: 'fg.muted',
          '&[data-overdue]': { color: 'danger.fg', fontWeight: 'bold' },
        })}
      >
        {left.text}
      </span>
    </>
  );
}

/** The dates that matter at this point of the order: needed-by, the offer's deadline, the due date. */
function OrderDates({ order, now }: { order: ArtistOrder; now: Date }) {
  const working = order.status === 'in_progress' || order.status === 'in_revision';
  const neededBy = formatCalendarDay(order.needed_by);
  return (
    <>
      {order.status === 'offered' ? (
        <Fact term="Needed by" testId="needed-by">
          <WithTimeLeft date={neededBy} left={timeLeft(endOfManilaDay(order.needed_by), now)} />
        </Fact>
      ) : (
        <Fact term="Needed by">{neededBy}</Fact>
      )}
      {order.status === 'offered' && order.offer.expires_at ? (
        <Fact term="Answer by" testId="answer-by">
          {formatDeadline(order.offer.expires_at)}
        </Fact>
      ) : null}
      {working && order.due_at ? (
        <Fact term="Due" testId="due">
          <WithTimeLeft date={formatDeadline(order.due_at)} left={timeLeft(new Date(order.due_at), now)} />
        </Fact>
      ) : null}
      {order.completed_at ? <Fact term="Completed">{formatDate(order.completed_at)}</Fact> : null}
    </>
  );
}

export interface OrderCardProps {
  order: ArtistOrder;
  now: Date;
  /** Something was done to the order: the list reloads. */
  onChanged: () => void;
}

/** One order on an artist's stage screen, with the actions the order lifecycle allows the artist now. */
export const OrderCard = forwardRef<HTMLElement, OrderCardProps>(function OrderCard({ order, now, onChanged }, ref) {
  const titleId = `order-${order.id}-title`;
  const allowed = allowedEvents(order.lifecycle, 'artist');
  const deadline = order.status === 'offered' ? order.offer.expires_at : null;
  const left = deadline ? answerCountdown(deadline, now) : null;
  const canAnswer = allowed.includes('artist_accepted') && order.offer.status === 'pending' && !left?.expired;
  const canUpload = allowed.includes('recording_uploaded');
  // The server's flag is as of the list's load; the card's clock moves on.
  const overdue = order.overdue || isOverdue(order, now);
  const title = orderTitle(order);
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-overdue={overdue}
      data-urgent={left?.urgent || undefined}
      data-expired={left?.expired || undefined}
      className={card}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <div>
          <h3 id={titleId} className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
            {title}
          </h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Reference <strong data-testid="order-reference">{order.reference}</strong>
          </p>
          {left && deadline ? <OfferCountdown left={left} deadline={deadline} /> : null}
        </div>
        <span
          data-testid="order-status"
          className={css({
            alignSelf: 'flex-start',
            bg: 'brand.50',
            color: 'brand.800',
            px: '3',
            py: '1',
            borderRadius: 'full',
            fontSize: 'sm',
            fontWeight: 'semibold',
          })}
        >
          {overdue ? 'Overdue' : artistStatusLabel[order.status]}
        </span>
      </div>

      <dl className={facts}>
        <OrderDates order={order} now={now} />
        <Fact term="Price" testId="price">
          {formatPesosWithCentavos(order.price)}
        </Fact>
        {addOnLines(order.add_ons).length > 0 ? (
          // Part of the price and of the earning: rush at this artist's own rush price, the extra revisions bought.
          <Fact term="Add-ons" testId="add-ons">
            {addOnLines(order.add_ons).join(', ')}
          </Fact>
        ) : null}
        <Fact term="You earn" testId="earning">
          {formatPesosWithCentavos(order.earning)}
        </Fact>
      </dl>

      {order.feedback && order.status === 'in_revision' ? <OrderFeedback feedback={order.feedback} /> : null}

      {order.recording ? (
        <section aria-label="Your recording" className={css({ mt: '3', display: 'grid', gap: '2' })}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', fontSize: 'sm' })}>
            <PlayToggle
              playerId={`recording-${order.recording.id}`}
              title={title}
              owner={`Your recording · ${order.reference}`}
              url={order.recording.url}
              label={`your recording for ${order.reference}`}
            />
            <span>
              Your recording{order.recording.version > 1 ? ` (version ${order.recording.version})` : ''} · sent{' '}
              {formatDate(order.recording.uploaded_at)}
            </span>
          </div>
          {order.recording.lyrics ? (
            <details className={css({ fontSize: 'sm' })}>
              <summary className={css({ cursor: 'pointer', color: 'brand.800' })}>Lyrics</summary>
              <p className={css({ whiteSpace: 'pre-line', mt: '1' })}>{order.recording.lyrics}</p>
            </details>
          ) : null}
        </section>
      ) : null}

      {order.status === 'completed' ? <OrderOutcome order={order} /> : null}

      <OrderBrief order={order} open={order.status === 'offered'} />
      <LyricsState facts={order.lifecycle} reader="artist" />
      {order.status !== 'offered' ? <ArtistOrderMessages order={order} /> : null}

      {canAnswer || canUpload ? (
        <div className={css({ mt: '4' })}>
          {canAnswer ? <OfferActions order={order} onChanged={onChanged} /> : null}
          {canUpload ? <RecordingUpload order={order} onChanged={onChanged} /> : null}
        </div>
      ) : null}
    </article>
  );
});
