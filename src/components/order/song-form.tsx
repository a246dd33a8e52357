import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { formatPesos } from '../../../contracts/format';
import { Button, buttonRecipe } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
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
  const earliest = view.earliestNeededBy ?? localDatePlus(FALLBACK_LEAD_DAYS);
  const savedIds = view.savedArtists.map((a) => a.id);
  const priceIsCurrent =
    view.price !== null &&
    savedIds.length === values.selected_artists.length &&
    savedIds.every((id, i) => values.selected_artists[i] === id);

  const formRef = useFocusFirstError<HTMLFormElement>('song');

  return (
    <StepForm formRef={formRef} busy={view.busy} onSubmit={() => send({ type: 'step.save', step: 'song' })}>
      <FormSection
        title="Your artists"
        description={`Choose up to ${view.maxArtists}. Listen to a sample before you decide.`}
      >
        <ArtistPicker />
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

      <FormSection title="Date and price">
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
              <p className={css({ fontSize: '2xl', fontWeight: 'bold' })} data-testid="order-price">
                {formatPesos(view.price)}
              </p>
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
