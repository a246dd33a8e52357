import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { addOnLines } from '../../../../contracts/addons';
import { formatCalendarDay, formatDate, formatDeadline, formatPesosWithCentavos } from '../../../../contracts/format';
import { moods, type OrderDetail, occasions, relationships, tempos } from '../../../../contracts/order';
import { labelOfGenre, labelOfVocalType } from '../../catalog/options';

const labelIn = (list: { value: string; display: string }[], value: string) =>
  list.find((o) => o.value === value)?.display ?? value;

export const occasionLabel = (value: string) => labelIn(occasions, value);

const dl = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '11rem 1fr' },
  columnGap: '4',
  rowGap: { base: '0.5', sm: '2' },
  '& dt': { color: 'fg.muted', fontSize: 'sm' },
  '& dd': { fontWeight: 'medium', whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: { base: '2', sm: '0' } },
});

export const sectionClass = css({
  bg: 'white',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  p: { base: '5', md: '6' },
});

export const sectionHeading = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Who makes the song, by when, and what was paid (refunds show with the order's status: RefundNotes). */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const asked = order.artists.map((a) => a.stage_name).join(', ');
  return (
    <section aria-labelledby="order-facts-heading" className={sectionClass}>
      <h3 id="order-facts-heading" className={sectionHeading}>
        Details
      </h3>
      <dl className={dl}>
        <Item term="Artist">{order.artist ? order.artist.stage_name : `Asked: ${asked}`}</Item>
        <Item term="Needed by">{formatCalendarDay(order.needed_by)}</Item>
        {order.due_at ? <Item term="Recording due">{formatDeadline(order.due_at)}</Item> : null}
        <Item term="Price">{formatPesosWithCentavos(order.price)}</Item>
        {addOnLines(order.add_ons).length > 0 ? (
          <Item term="Add-ons">
            <span data-testid="order-add-ons">{addOnLines(order.add_ons).join(', ')}</span>
          </Item>
        ) : null}
        <Item term="Payment">{order.paid_at ? `Paid on ${formatDate(order.paid_at)}` : 'Not paid yet'}</Item>
        <Item term="Ordered on">{formatDate(order.created_at)}</Item>
      </dl>
    </section>
  );
}

/** What the customer asked for, as the artist reads it. */
export function BriefSummary({ order }: { order: OrderDetail }) {
  const { occasion, song, story } = order.brief;
  return (
    <section aria-labelledby="order-brief-heading" className={sectionClass}>
      <h3 id="order-brief-heading" className={sectionHeading}>
        Your brief
      </h3>
      <dl className={dl}>
        <Item term="Occasion">{occasionLabel(order.occasion_name)}</Item>
        <Item term="For">
          {order.recipient_first_name}
          {occasion?.recipient_relationship ? ` (${labelIn(relationships, occasion.recipient_relationship)})` : ''}
        </Item>
        {song ? (
          <>
            <Item term="Mood and tempo">
              {labelIn(moods, song.song_mood)}, {labelIn(tempos, song.song_tempo).toLowerCase()}
            </Item>
            <Item term="Genre and voice">
              {labelOfGenre(song.genre)}, {labelOfVocalType(song.vocal_type).toLowerCase()}
            </Item>
          </>
        ) : null}
        {story ? <Item term="About the song">{story.song_about}</Item> : null}
        {story?.song_prompt1_title ? <Item term={story.song_prompt1_title}>{story.song_prompt1_details}</Item> : null}
        {story?.song_prompt2_title ? <Item term={story.song_prompt2_title}>{story.song_prompt2_details}</Item> : null}
      </dl>
    </section>
  );
}
