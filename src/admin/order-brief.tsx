import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { AdminOrder } from '../../contracts/lifecycle';
import { genres, vocalTypes } from '../../contracts/options';
import { type ClipSlot, moods, relationships, tempos } from '../../contracts/order';
import { clipLabel, formatDay, labelIn, occasionLabel } from './orders-format';
import { panel } from './paged-list';

const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });
const dl = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '12rem 1fr' },
  columnGap: '4',
  rowGap: { base: '0.5', md: '2' },
  '& dt': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'sm', pt: { md: '0.5' } },
  '& dd': { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: { base: '2', md: '0' } },
});

// The name clip sits beside the recording (order-media.tsx); these are the others.
const otherClips: ClipSlot[] = ['song_clip', 'song_prompt1_clip', 'song_prompt2_clip', 'audio_recording2_clip'];

/** What the customer asked for: the occasion, the song and the story, with their voice clips. */
export function OrderBrief({ order }: { order: AdminOrder }) {
  const { occasion, song, story } = order.brief;
  const recipient = [occasion.recipient_first_name, occasion.recipient_last_name].filter(Boolean).join(' ');
  const mentions = [
    occasion.recipient_mentioned ? `${occasion.recipient_first_name}'s name` : null,
    occasion.occasion_mentioned ? 'the occasion' : null,
  ].filter(Boolean);
  const clips = otherClips.flatMap((slot) => {
    const clip = story[slot];
    return clip ? [{ slot, clip }] : [];
  });
  return (
    <section aria-labelledby="brief-title" className={`${panel} ${css({ p: { base: '4', md: '6' } })}`}>
      <h2 id="brief-title" className={sectionTitle}>
        The brief
      </h2>
      <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>The occasion</h3>
      <dl className={dl}>
        <Item term="Occasion">{occasionLabel(occasion.occasion_name)}</Item>
        <Item term="For">
          {recipient} ({labelIn(relationships, occasion.recipient_relationship)})
        </Item>
        <Item term="From">
          {occasion.gifter_first_name} {occasion.gifter_last_name}
        </Item>
        <Item term="In the lyrics">{mentions.length ? mentions.join(' and ') : 'No name or occasion to mention'}</Item>
      </dl>
      <h3 className={css({ fontWeight: 'semibold', mt: '5', mb: '2' })}>The song</h3>
      <dl className={dl}>
        <Item term="Mood and tempo">
          {labelIn(moods, song.song_mood)}, {labelIn(tempos, song.song_tempo).toLowerCase()}
        </Item>
        <Item term="Genre">{labelIn(genres, song.genre)}</Item>
        <Item term="Vocal type">{labelIn(vocalTypes, song.vocal_type)}</Item>
        <Item term="Needed by">{formatDay(song.needed_by)}</Item>
      </dl>
      <h3 className={css({ fontWeight: 'semibold', mt: '5', mb: '2' })}>The story</h3>
      <dl className={dl}>
        <Item term="What the song is about">{story.song_about}</Item>
        {story.song_prompt1_title || story.song_prompt1_details ? (
          <Item term={story.song_prompt1_title || 'First memory'}>{story.song_prompt1_details || '—'}</Item>
        ) : null}
        {story.song_prompt2_title || story.song_prompt2_details ? (
          <Item term={story.song_prompt2_title || 'Second memory'}>{story.song_prompt2_details || '—'}</Item>
        ) : null}
        {clips.map(({ slot, clip }) => (
          <Item key={slot} term={clipLabel[slot]}>
            {/* biome-ignore lint/a11y/useMediaCaption: the customer's voice notes have no caption track. */}
            <audio
              controls
              preload="none"
              src={clip.url}
              aria-label={`Play: ${clipLabel[slot]}`}
              className={css({ w: 'full' })}
            />
          </Item>
        ))}
      </dl>
    </section>
  );
}

/** One term and its value in a description list (the order's facts and its brief). */
export function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
