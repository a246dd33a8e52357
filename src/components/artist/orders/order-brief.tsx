import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ArtistOrder } from '../../../../contracts/lifecycle';
import { clipSlots } from '../../../../contracts/order';
import { usePlayer } from '../../../player/use-player';
import { labelOfGenre, labelOfVocalType } from '../../catalog/options';
import { buttonRecipe } from '../../ui/button';
import { clipLabels, moodLabel, occasionLabel, relationshipLabel, tempoLabel } from './format';

const dl = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' },
  columnGap: '4',
  rowGap: { base: '0.5', sm: '1.5' },
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: { base: '2', sm: '0' } },
});

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * What the customer asked for: the occasion, the song and the story, with the voice clips the order
 * took. The clips play in the global player as one list, so the bar steps through them.
 */
export function OrderBrief({ order, open }: { order: ArtistOrder; open: boolean }) {
  const player = usePlayer();
  const { occasion, song, story } = order.brief;
  const clips = clipSlots.flatMap((slot) => {
    const clip = story[slot];
    return clip ? [{ slot, url: clip.url, title: clipLabels[slot] }] : [];
  });
  const who = { id: `brief-${order.id}`, name: `Brief · ${order.reference}`, image: null };
  const recipient = [occasion.recipient_first_name, occasion.recipient_last_name].filter(Boolean).join(' ');
  return (
    <details open={open} className={css({ mt: '3' })}>
      <summary className={css({ cursor: 'pointer', fontWeight: 'semibold', color: 'brand.800' })}>The brief</summary>
      <div className={css({ display: 'grid', gap: '4', mt: '3' })}>
        <section aria-label="Occasion">
          <h4 className={css({ fontWeight: 'semibold', mb: '1' })}>Occasion</h4>
          <dl className={dl}>
            <Item term="Occasion">{occasionLabel(occasion.occasion_name)}</Item>
            <Item term="Recipient">{recipient}</Item>
            <Item term={`Relationship to ${occasion.gifter_first_name}`}>
              {relationshipLabel(occasion.recipient_relationship)}
            </Item>
            {occasion.recipient_pronunciation ? (
              <Item term="Pronunciation">{occasion.recipient_pronunciation}</Item>
            ) : null}
            <Item term="Sing their name">{yesNo(occasion.recipient_mentioned)}</Item>
            <Item term="Mention the occasion">{yesNo(occasion.occasion_mentioned)}</Item>
          </dl>
        </section>
        <section aria-label="Song">
          <h4 className={css({ fontWeight: 'semibold', mb: '1' })}>Song</h4>
          <dl className={dl}>
            <Item term="Mood and tempo">
              {moodLabel(song.song_mood)}, {tempoLabel(song.song_tempo).toLowerCase()}
            </Item>
            <Item term="Genre">{labelOfGenre(song.genre)}</Item>
            <Item term="Vocals">{labelOfVocalType(song.vocal_type)}</Item>
          </dl>
        </section>
        <section aria-label="Story">
          <h4 className={css({ fontWeight: 'semibold', mb: '1' })}>Story</h4>
          <dl className={dl}>
            <Item term="What the song is about">{story.song_about}</Item>
            {story.song_prompt1_title || story.song_prompt1_details ? (
              <Item term={story.song_prompt1_title || 'First memory'}>{story.song_prompt1_details}</Item>
            ) : null}
            {story.song_prompt2_title || story.song_prompt2_details ? (
              <Item term={story.song_prompt2_title || 'Second memory'}>{story.song_prompt2_details}</Item>
            ) : null}
          </dl>
        </section>
        {clips.length > 0 ? (
          <section aria-label="Voice clips">
            <h4 className={css({ fontWeight: 'semibold', mb: '1' })}>Voice clips</h4>
            <ul className={css({ display: 'grid', gap: '2' })}>
              {clips.map((clip, index) => (
                <li
                  key={clip.slot}
                  className={css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' })}
                >
                  <button
                    type="button"
                    className={buttonRecipe({ size: 'sm', color: 'secondary' })}
                    aria-label={`Play ${clip.title}`}
                    onClick={() => player.playArtist(who, clips, index)}
                  >
                    <span aria-hidden="true">▶</span>
                  </button>
                  {clip.title}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </details>
  );
}
