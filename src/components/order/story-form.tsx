import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button, buttonRecipe } from '../ui/button';
import { TextField } from '../ui/field';
import { ClipSlot } from './clip-slot';
import { FormAlert, FormSection, StepActions, StepForm, useFocusFirstError } from './order-page';
import { useFieldChange, useOrderDraft } from './use-order-draft';

/** storySchema's bounds, shown as the customer types. */
const SONG_ABOUT_MIN = 30;
const SONG_ABOUT_MAX = 3000;
const DETAILS_MAX = 1500;

/** Step 3: what the song is about, two memories, and optional voice clips (PATCH …/story). */
export function StoryForm() {
  const { view, send } = useOrderDraft();
  const set = useFieldChange('story');
  const values = view.forms.story;
  const errors = (name: string) => view.errorsOf('story', name);
  const recipient = view.forms.occasion.recipient_first_name.trim() || 'the recipient';
  const aboutLength = values.song_about.trim().length;

  const formRef = useFocusFirstError<HTMLFormElement>('story');
  // Saving while a clip records or uploads would leave it behind: Save waits for them (the slots report to the draft).
  const clipsPending = view.clipsPending;

  return (
    <StepForm formRef={formRef} busy={view.busy} onSubmit={() => send({ type: 'step.save', step: 'story' })}>
      <FormSection title="What is the song about?">
        <TextAreaField
          label={`What should the song say about ${recipient}?`}
          rows={6}
          maxLength={SONG_ABOUT_MAX}
          value={values.song_about}
          onValueChange={(v) => set('song_about', v)}
          errors={errors('song_about')}
          hint={`${aboutLength} / ${SONG_ABOUT_MAX} characters${
            aboutLength < SONG_ABOUT_MIN ? ` · at least ${SONG_ABOUT_MIN}` : ''
          }`}
        />
        <ClipSlot
          slot="song_clip"
          label="A song or melody for inspiration"
          hint="Hum a tune, or upload a short clip of a song you both love."
        />
      </FormSection>

      {([1, 2] as const).map((n) => {
        const title = n === 1 ? 'song_prompt1_title' : 'song_prompt2_title';
        const details = n === 1 ? 'song_prompt1_details' : 'song_prompt2_details';
        return (
          <FormSection
            key={n}
            title={n === 1 ? 'A memory to include' : 'Another memory'}
            description="A moment, a place, an inside joke: the details make the song yours."
          >
            <TextField
              label={`Memory ${n}: title`}
              maxLength={120}
              value={values[title]}
              onValueChange={(v) => set(title, v)}
              errors={errors(title)}
            />
            <TextAreaField
              label={`Memory ${n}: details`}
              rows={4}
              maxLength={DETAILS_MAX}
              value={values[details]}
              onValueChange={(v) => set(details, v)}
              errors={errors(details)}
              hint={`${values[details].length} / ${DETAILS_MAX} characters`}
            />
            <ClipSlot
              slot={n === 1 ? 'song_prompt1_clip' : 'song_prompt2_clip'}
              label={`A voice note about memory ${n}`}
            />
          </FormSection>
        );
      })}

      <FormSection title="Voice messages" description="Up to two minutes each. Record in the browser or upload a file.">
        <ClipSlot
          slot="audio_recording1_clip"
          label="How to say the recipient's name"
          hint={`Say ${recipient}'s name the way it should be sung.`}
        />
        <ClipSlot slot="audio_recording2_clip" label="A message for the artist" />
      </FormSection>

      <FormAlert messages={view.otherErrorsOf('story')} />
      <StepActions>
        <Link to="/order/song" className={buttonRecipe({ color: 'text' })}>
          ← Back
        </Link>
        <Button
          type="submit"
          size="lg"
          loading={view.busyStep === 'story'}
          disabled={!view.canSave('story') || clipsPending}
          aria-describedby={clipsPending ? 'story-clips-pending' : undefined}
        >
          {view.busyStep === 'story' ? 'Saving…' : 'Save & continue'}
        </Button>
      </StepActions>
      <p
        id="story-clips-pending"
        className={css({ mt: '3', color: 'fg.muted', fontSize: 'sm', textAlign: { sm: 'right' } })}
      >
        {clipsPending
          ? 'Finish the clip you are recording or uploading (keep it or discard it) before you continue.'
          : 'Everything you type is kept on this device until you place the order.'}
      </p>
    </StepForm>
  );
}
