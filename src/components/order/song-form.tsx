import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { addOnLines, type RushOffer } from '../../../contracts/addons';
import type { ArtistCard } from '../../../contracts/artist';
import { type DeliveryPromise, formatTurnaround } from '../../../contracts/delivery';
import { formatPesos } from '../../../contracts/format';
import { Button, buttonRecipe } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { AddOnsSection } from './add-ons-section';
import { ArtistPicker } from './artist-picker';
import { localDatePlus, usDate } from './format';
import { useOrderOptions } from './options';
import { FieldRow, FormAlert, FormSection, StepActions, StepForm, useFocusFirstError } from './order-page';
import { useFieldChange, useOrderDraft } from './use-order-draft';

const fieldGap = css({ mb: '4' });

/** Days the server asks for at least (its MIN_LEAD_DAYS default) until it has told us its own date. */
const FALLBACK_LEAD_DAYS = 3;

/** Step 2: the artists (up to three), the sound, the needed-by date and the server's price. */
export function SongForm() {
  const { view, send } = useOrderDraft();
  const { options } = useOrderOptions();
  const set = useFieldChange('song');
  const values = view.forms.song;
  const errors = (name: string) => view.errorsOf('song', name);
  const savedIds = view.savedArtists.map((a) => a.id);
  const savedAreChosen =
    savedIds.length === values.selected_artists.length && savedIds.every((id, i) => values.selected_artists[i] === id);
  const addOnsAreSaved =
    view.addOns !== null && view.addOns.rush === values.rush && view.addOns.extra_revisions === values.extra_revisions;
  const priceIsCurrent = view.price !== null && savedAreChosen && addOnsAreSaved;

  // What each chosen artist promises, as the server said (on their card, or in the saved draft).
  const [shown, setShown] = useState<readonly ArtistCard[]>([]);
  const promises = new Map<string, { stage_name: string; delivery: DeliveryPromise; rush: RushOffer | null }>();
  for (const a of shown) promises.set(a.id, a);
  for (const a of view.savedArtists) promises.set(a.id, a);
  const chosen = values.selected_artists.flatMap((id) => {
    const known = promises.get(id);
    if (!known) return [];
    // With rush, each artist promises their rush date and turnaround.
    const delivery = values.rush && known.rush ? { ...known.delivery, ...known.rush } : known.delivery;
    return [{ id, ...known, delivery }];
  });
  const slowest = chosen
    .map((a) => a.delivery.arrives_by)
    .sort()
    .at(-1);
  // The server's date once the draft holds these artists; before saving, the slowest chosen artist's date.
  const earliest =
    (savedAreChosen && addOnsAreSaved ? view.earliestNeededBy : slowest) ??
    view.earliestNeededBy ??
    localDatePlus(FALLBACK_LEAD_DAYS);
  const answerHours = chosen[0]?.delivery.answer_hours;

  const formRef = useFocusFirstError<HTMLFormElement>('song');

  return (
    <StepForm formRef={formRef} busy={view.busy} onSubmit={() => send({ type: 'step.save', step: 'song' })}>
      <FormSection
        title="Your artists"
        description={`Choose up to ${view.maxArtists}. Listen to a sample before you decide.`}
      >
        <ArtistPicker onArtistsShown={setShown} />
      </FormSection>

      <FormSection title="The sound">
        <FieldRow>
          <SelectField
            className={fieldGap}
            label="Mood"
            options={options?.moods ?? []}
            value={values.song_mood}
            onChange={(v) => set('song_mood', v)}
            errors={errors('song_mood')}
          />
          <SelectField
            className={fieldGap}
            label="Tempo"
            options={options?.tempos ?? []}
            value={values.song_tempo}
            onChange={(v) => set('song_tempo', v)}
            errors={errors('song_tempo')}
          />
        </FieldRow>
        <FieldRow>
          <SelectField
            className={fieldGap}
            label="Genre"
            options={options?.genres ?? []}
            value={values.genre}
            onChange={(v) => set('genre', v)}
            errors={errors('genre')}
          />
          <SelectField
            className={fieldGap}
            label="Vocal type"
            options={options?.vocal_types ?? []}
            value={values.vocal_type}
            onChange={(v) => set('vocal_type', v)}
            errors={errors('vocal_type')}
          />
        </FieldRow>
      </FormSection>

      <AddOnsSection
        rush={values.rush}
        extraRevisions={values.extra_revisions}
        chosen={chosen}
        errors={errors}
        onRush={(rush, withoutRush) => {
          set('rush', rush);
          // Only artists who offer rush can stay chosen with it.
          if (rush) for (const id of withoutRush) send({ type: 'artists.toggle', id });
        }}
        onExtraRevisions={(count) => set('extra_revisions', count)}
      />

      <FormSection title="Date and price">
        {chosen.length > 0 ? (
          <div data-part="arrivals" className={css({ mb: '4', fontSize: 'sm' })}>
            <p className={css({ fontWeight: 'medium' })}>When your song arrives if you order now</p>
            <ul aria-label="When each artist's song arrives" className={css({ mt: '1', pl: '4', listStyle: 'disc' })}>
              {chosen.map((a) => (
                <li key={a.id}>
                  {a.stage_name}: by <time dateTime={a.delivery.arrives_by}>{usDate(a.delivery.arrives_by)}</time> (
                  {formatTurnaround(a.delivery.turnaround_days)} to record)
                </li>
              ))}
            </ul>
            <p className={css({ color: 'fg.muted', mt: '1' })}>
              Each artist has {answerHours} hours to accept; any of them may take the order, so the song is promised by
              the latest of these dates.
            </p>
          </div>
        ) : null}
        <FieldRow>
          <TextField
            label="Needed by"
            type="date"
            min={earliest}
            value={values.needed_by}
            onValueChange={(v) => set('needed_by', v)}
            errors={view.errorsOf('song', 'needed_by')}
            hint={`mm/dd/yyyy · the earliest the artists can make is ${usDate(earliest)}${
              values.needed_by ? ` · chosen: ${usDate(values.needed_by)}` : ''
            }`}
          />
          <div data-part="price">
            <p className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '1' })}>Price</p>
            {priceIsCurrent && view.price !== null ? (
              <>
                <p className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="order-price">
                  {formatPesos(view.price)}
                </p>
                {view.addOns && addOnLines(view.addOns).length > 0 ? (
                  <p className={css({ fontSize: 'sm' })} data-testid="order-add-ons">
                    Includes {addOnLines(view.addOns).join(' and ')}
                  </p>
                ) : null}
              </>
            ) : (
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                The price is the highest rate among the artists you choose. We confirm it when you continue.
              </p>
            )}
          </div>
        </FieldRow>
      </FormSection>

      <FormAlert messages={view.otherErrorsOf('song')} />
      <StepActions>
        <Link to="/order/occasion" className={buttonRecipe({ color: 'text' })}>
          ← Back
        </Link>
        <Button type="submit" size="lg" loading={view.busyStep === 'song'} disabled={!view.canSave('song')}>
          {view.busyStep === 'song' ? 'Saving…' : 'Save & continue'}
        </Button>
      </StepActions>
    </StepForm>
  );
}
