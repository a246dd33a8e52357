import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { addOnLines } from '../../../contracts/addons';
import { formatCalendarDay, formatPesos } from '../../../contracts/format';
import { type ClipSlot, chargeRuleText } from '../../../contracts/order';
import { useDialogs } from '../../actors/hooks';
import { useChosenArtists } from '../../actors/use-chosen-artists';
import { clipPreviews } from '../../order/clip-previews';
import { Button, buttonRecipe } from '../ui/button';
import { useOrderOptions } from './options';
import { FormAlert, StepActions } from './order-page';
import { useOrderDraft } from './use-order-draft';

const clipLabels: Record<ClipSlot, string> = {
  song_clip: 'Song or melody for inspiration',
  song_prompt1_clip: 'Voice note about memory 1',
  song_prompt2_clip: 'Voice note about memory 2',
  audio_recording1_clip: "How to say the recipient's name",
  audio_recording2_clip: 'Message for the artist',
};

const dlClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' },
  gap: { base: '0.5', sm: '2' },
  columnGap: '4',
  '& dt': { color: 'fg.muted', fontSize: 'sm', pt: { sm: '0.5' } },
  '& dd': { fontWeight: 'medium', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: { base: '2', sm: '0' } },
});

/** A part of the order; `editTo` is left out once the order is placed (the server keeps it as it is). */
function ReviewSection({ title, editTo, children }: { title: string; editTo?: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className={css({
        bg: 'white',
        borderRadius: 'xl',
        borderWidth: '1px',
        borderColor: 'border.default',
        p: { base: '5', md: '6' },
        mb: '5',
      })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '4' })}>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{title}</h2>
        {editTo ? (
          <Link to={editTo} className={buttonRecipe({ size: 'sm', color: 'secondary' })} aria-label={`Edit ${title}`}>
            Edit
          </Link>
        ) : null}
      </div>
      <dl className={dlClass}>{children}</dl>
    </section>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

const dash = (value: string) => (value.trim() === '' ? '—' : value);

/** Step 4: everything on one page with links back to each step, the price, the date, and "Place order". */
export function ReviewSummary() {
  const { view, send } = useOrderDraft();
  const { labelOf } = useOrderOptions();
  const { occasion, song, story } = view.forms;
  // The server's draft names and prices its artists; a guest's (only in this browser) is named from the catalogue.
  const looked = useChosenArtists(view.savedArtists.length > 0 ? [] : song.selected_artists);
  const known = view.savedArtists.length > 0 ? view.savedArtists : looked;
  const artistNames = new Map(known.map((a) => [a.id, a.stage_name]));
  // Each chosen artist's price for this order (their rate, with the add-ons at their prices): the price rule's.
  const rates = view.savedArtists.filter((a) => song.selected_artists.includes(a.id)).map((a) => a.price);
  const addOns = view.addOns ? addOnLines(view.addOns) : [];
  const clips = (Object.keys(clipLabels) as ClipSlot[])
    .map((slot) => ({ slot, ...view.clipOf(slot) }))
    .filter((c) => c.temp_location !== null);
  const committing = view.busyStep === 'review';
  const editTo = (path: string) => (view.placed ? undefined : path);

  return (
    <div>
      {view.placed ? (
        <div
          role="status"
          data-testid="order-placed"
          className={css({ bg: 'brand.50', borderRadius: 'xl', p: { base: '4', md: '5' }, mb: '5' })}
        >
          <p className={css({ fontWeight: 'bold' })}>
            Your order{view.order?.reference ? ` ${view.order.reference}` : ''} is placed.
          </p>
          <p className={css({ fontSize: 'sm', mt: '1' })}>
            Its details can no longer be changed. Continue to checkout to pay for it. To change something, cancel it in
            your <Link to="/customer/account/order-history">order history</Link> and order again.
          </p>
        </div>
      ) : null}
      <ReviewSection title="The occasion" editTo={editTo('/order/occasion')}>
        <Item term="From">
          {occasion.gifter_first_name} {occasion.gifter_last_name} · {occasion.gifter_email}
          {occasion.gifter_contact_number ? ` · ${occasion.gifter_dial_code} ${occasion.gifter_contact_number}` : ''}
        </Item>
        <Item term="For">
          {[occasion.recipient_first_name, occasion.recipient_last_name].filter((n) => n.trim()).join(' ')}
          {occasion.recipient_relationship ? ` (${labelOf('relationships', occasion.recipient_relationship)})` : ''}
        </Item>
        <Item term="Pronunciation">{dash(occasion.recipient_pronunciation)}</Item>
        <Item term="Occasion">{labelOf('occasions', occasion.occasion_name)}</Item>
        <Item term="In the lyrics">
          {[
            occasion.recipient_mentioned ? `${occasion.recipient_first_name}'s name` : null,
            occasion.occasion_mentioned ? 'the occasion' : null,
          ]
            .filter(Boolean)
            .join(' and ') || 'No name or occasion mentioned'}
        </Item>
      </ReviewSection>

      <ReviewSection title="The song" editTo={editTo('/order/song')}>
        <Item term="Artists">
          <ul aria-label="Chosen artists">
            {song.selected_artists.map((id) => {
              const saved = known.find((a) => a.id === id);
              return (
                <li key={id}>
                  {artistNames.get(id) ?? 'Loading the artist…'}
                  {saved ? <span className={css({ color: 'fg.muted' })}> · {formatPesos(saved.rate)}</span> : null}
                </li>
              );
            })}
          </ul>
        </Item>
        <Item term="Mood">{labelOf('moods', song.song_mood)}</Item>
        <Item term="Tempo">{labelOf('tempos', song.song_tempo)}</Item>
        <Item term="Genre">{labelOf('genres', song.genre)}</Item>
        <Item term="Vocal type">{labelOf('vocal_types', song.vocal_type)}</Item>
        <Item term="Add-ons">
          <span data-testid="review-add-ons">{addOns.length > 0 ? addOns.join(', ') : 'None'}</span>
        </Item>
        <Item term="Needed by">
          <span data-testid="review-needed-by">{formatCalendarDay(song.needed_by)}</span>
        </Item>
      </ReviewSection>

      <ReviewSection title="The story" editTo={editTo('/order/story')}>
        <Item term="About">{story.song_about}</Item>
        {story.song_prompt1_title || story.song_prompt1_details ? (
          <Item term={dash(story.song_prompt1_title)}>{dash(story.song_prompt1_details)}</Item>
        ) : null}
        {story.song_prompt2_title || story.song_prompt2_details ? (
          <Item term={dash(story.song_prompt2_title)}>{dash(story.song_prompt2_details)}</Item>
        ) : null}
        <Item term="Clips">
          {clips.length === 0 ? (
            'None'
          ) : (
            <ul aria-label="Clips" className={css({ display: 'grid', gap: '2' })}>
              {clips.map((c) => {
                const url = c.url ?? clipPreviews.get(c.temp_location);
                return (
                  <li key={c.slot} className={css({ display: 'grid', gap: '1' })}>
                    <span>{clipLabels[c.slot]}</span>
                    {url ? (
                      // biome-ignore lint/a11y/useMediaCaption: the customer's own voice clip.
                      <audio controls src={url} aria-label={clipLabels[c.slot]} className={css({ maxW: 'full' })} />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Item>
      </ReviewSection>

      <section
        aria-label="Price"
        className={css({
          bg: 'brand.50',
          borderRadius: 'xl',
          p: { base: '5', md: '6' },
          mb: '5',
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          flexWrap: 'wrap',
          gap: '3',
        })}
      >
        <div>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Total</p>
          <p className={css({ fontSize: '3xl', fontWeight: 'extrabold' })} data-testid="order-price">
            {view.price !== null ? formatPesos(view.price) : '—'}
          </p>
          {view.price !== null ? (
            <p data-testid="charge-rule" className={css({ fontSize: 'sm', maxW: '36rem' })}>
              {chargeRuleText(view.price, rates, view.addOns)}
            </p>
          ) : null}
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Needed by {formatCalendarDay(song.needed_by)}.</p>
        </div>
      </section>

      <FormAlert messages={view.otherErrorsOf('review')} />
      {view.guest ? <GuestAsk /> : null}
      <StepActions>
        {view.placed ? (
          <span />
        ) : (
          <Link to="/order/story" className={buttonRecipe({ color: 'text' })}>
            ← Back
          </Link>
        )}
        {view.guest ? null : (
          <Button
            size="lg"
            loading={committing}
            disabled={!view.canCommit}
            onClick={() => send({ type: 'review.commit' })}
          >
            {committing ? 'Placing your order…' : view.order ? 'Continue to checkout' : 'Place order'}
          </Button>
        )}
      </StepActions>
    </div>
  );
}

/**
 * A guest's review: the one ask of the visit. Signing up or logging in (either modal) saves what they
 * wrote to the account and they stay here to place the order; the draft listens to the session.
 */
function GuestAsk() {
  const dialogs = useDialogs();
  return (
    <section
      aria-labelledby="guest-ask-title"
      data-testid="guest-ask"
      className={css({ bg: 'brand.50', borderRadius: 'xl', p: { base: '4', md: '5' }, mb: '5' })}
    >
      <h2 id="guest-ask-title" className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
        Sign up or log in to send your order
      </h2>
      <p className={css({ fontSize: 'sm', mt: '1' })}>
        Everything you wrote stays here: after signing in you place the order and pay.
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '3' })}>
        <Button onClick={() => dialogs.send({ type: 'dialog.openSignUp' })}>Sign up</Button>
        <Button color="secondary" onClick={() => dialogs.send({ type: 'dialog.openLogin' })}>
          Log in
        </Button>
      </div>
    </section>
  );
}
