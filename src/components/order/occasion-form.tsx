import { css } from 'styled-system/css';
import { PhoneInput } from '../phone/phone-input';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { useOrderOptions } from './options';
import { FieldRow, FormAlert, FormSection, StepActions, StepForm, SwitchField, useFocusFirstError } from './order-page';
import { useFieldChange, useOrderDraft } from './use-order-draft';

const fieldGap = css({ mb: '4' });

/** Step 1: who gives the song, who receives it, and the occasion (POST /temp-order, then PATCH …/occasion). */
export function OccasionForm() {
  const { view, send } = useOrderDraft();
  const { options } = useOrderOptions();
  const set = useFieldChange('occasion');
  const values = view.forms.occasion;
  const errors = (name: string) => view.errorsOf('occasion', name);
  const recipient = values.recipient_first_name.trim() || 'the recipient';

  const formRef = useFocusFirstError<HTMLFormElement>('occasion');

  return (
    <StepForm formRef={formRef} busy={view.busy} onSubmit={() => send({ type: 'step.save', step: 'occasion' })}>
      <FormSection title="About you" description="The artist and our team use these to reach you about this song.">
        <FieldRow>
          <TextField
            label="Your first name"
            autoComplete="given-name"
            value={values.gifter_first_name}
            onValueChange={(v) => set('gifter_first_name', v)}
            errors={errors('gifter_first_name')}
          />
          <TextField
            label="Your last name"
            autoComplete="family-name"
            value={values.gifter_last_name}
            onValueChange={(v) => set('gifter_last_name', v)}
            errors={errors('gifter_last_name')}
          />
        </FieldRow>
        <FieldRow>
          <TextField
            label="Your email"
            type="email"
            autoComplete="email"
            value={values.gifter_email}
            onValueChange={(v) => set('gifter_email', v)}
            errors={errors('gifter_email')}
          />
          <PhoneInput
            label="Your contact number"
            country={values.gifter_country}
            number={values.gifter_contact_number}
            onCountryChange={(code) => {
              if (code !== values.gifter_country) set('gifter_country', code);
            }}
            onNumberChange={(digits) => set('gifter_contact_number', digits)}
            errors={[...errors('gifter_contact_number'), ...errors('gifter_dial_code'), ...errors('gifter_country')]}
          />
        </FieldRow>
      </FormSection>

      <FormSection title="Who is the song for?">
        <FieldRow>
          <TextField
            label="Recipient's first name"
            value={values.recipient_first_name}
            onValueChange={(v) => set('recipient_first_name', v)}
            errors={errors('recipient_first_name')}
          />
          <TextField
            label="Recipient's last name (optional)"
            value={values.recipient_last_name}
            onValueChange={(v) => set('recipient_last_name', v)}
            errors={errors('recipient_last_name')}
          />
        </FieldRow>
        <FieldRow>
          <SelectField
            className={fieldGap}
            label="Your relationship"
            options={options?.relationships ?? []}
            value={values.recipient_relationship}
            onChange={(v) => set('recipient_relationship', v)}
            errors={errors('recipient_relationship')}
          />
          <TextField
            label="How to pronounce the name (optional)"
            hint="For example: mah-REE-ah"
            value={values.recipient_pronunciation}
            onValueChange={(v) => set('recipient_pronunciation', v)}
            errors={errors('recipient_pronunciation')}
          />
        </FieldRow>
        <SwitchField
          label={`Mention ${recipient}'s name in the song`}
          checked={values.recipient_mentioned}
          onChange={(checked) => set('recipient_mentioned', checked)}
        />
      </FormSection>

      <FormSection title="The occasion">
        <div className={css({ maxW: { md: '50%' }, pr: { md: '2' } })}>
          <SelectField
            className={fieldGap}
            label="Occasion"
            options={options?.occasions ?? []}
            value={values.occasion_name}
            onChange={(v) => set('occasion_name', v)}
            errors={errors('occasion_name')}
          />
        </div>
        <SwitchField
          label="Mention the occasion in the song"
          hint="For example, sing “happy birthday” in the chorus."
          checked={values.occasion_mentioned}
          onChange={(checked) => set('occasion_mentioned', checked)}
        />
      </FormSection>

      <FormAlert messages={view.otherErrorsOf('occasion')} />
      <StepActions>
        <span />
        <Button type="submit" size="lg" loading={view.busyStep === 'occasion'} disabled={!view.canSave('occasion')}>
          {view.busyStep === 'occasion' ? 'Saving…' : 'Save & continue'}
        </Button>
      </StepActions>
    </StepForm>
  );
}
