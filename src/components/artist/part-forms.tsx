import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import { artistMessages } from '../../../contracts/artist';
import { phone } from '../../../contracts/constants';
import { MAX_TURNAROUND_DAYS, MIN_TURNAROUND_DAYS } from '../../../contracts/delivery';
import type { Option } from '../../../contracts/options';
import { connectApplicationForm } from '../../../machines/application-form.connect';
import type { applicationFormMachine } from '../../../machines/application-form.machine';
import type { ApplicationPart, ApplicationValues } from '../../../machines/application-form.types';
import { PhoneInput } from '../phone/phone-input';
import { Button } from '../ui/button';
import { FieldShell, inputClass, PasswordField, TextField } from '../ui/field';
import { SelectField } from '../ui/select-field';
import { RushFields } from './rush-fields';

export type ApplicationFormActor = ActorRefFrom<typeof applicationFormMachine>;

/** Sends one field's change; the machine keeps the value and clears that field's server error. */
function useField<P extends ApplicationPart>(actor: ApplicationFormActor, part: P) {
  return <N extends keyof ApplicationValues[P]>(name: N) =>
    (value: ApplicationValues[P][N]) =>
      actor.send({ type: 'field.changed', part, name, value } as never);
}

function PartForm({
  actor,
  part,
  submitLabel,
  children,
}: {
  actor: ApplicationFormActor;
  part: ApplicationPart;
  submitLabel: string;
  children: ReactNode;
}) {
  const view = useSelector(actor, connectApplicationForm);
  const other = view.otherErrorsOf(part);
  return (
    <form
      noValidate
      aria-label={view.parts.find((p) => p.part === part)?.title}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'part.save', part });
      }}
    >
      {children}
      {other.length > 0 ? (
        <div role="alert" className={css({ color: 'danger.fg', mb: '4' })}>
          {other.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      ) : null}
      <Button
        type="submit"
        loading={view.savingPart === part}
        disabled={!view.parts.find((p) => p.part === part)?.canSave}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

export function PersonalInfoForm({
  actor,
  submitLabel = 'Save personal information',
}: {
  actor: ApplicationFormActor;
  submitLabel?: string;
}) {
  const view = useSelector(actor, connectApplicationForm);
  const v = view.values.personalInfo;
  const set = useField(actor, 'personalInfo');
  const err = (name: string) => view.errorsOf('personalInfo', name);
  return (
    <PartForm actor={actor} part="personalInfo" submitLabel={submitLabel}>
      <div
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, columnGap: '4' })}
      >
        <TextField
          label="First name"
          autoComplete="given-name"
          value={v.first_name}
          errors={err('first_name')}
          onValueChange={set('first_name')}
        />
        <TextField
          label="Middle name (optional)"
          autoComplete="additional-name"
          value={v.middle_name}
          errors={err('middle_name')}
          onValueChange={set('middle_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={v.last_name}
          errors={err('last_name')}
          onValueChange={set('last_name')}
        />
      </div>
      <PhoneInput
        label="Contact number"
        country={v.country || phone.defaultCountry}
        number={v.contact_number}
        mask={phone.contactNumberMask}
        errors={[...err('country'), ...err('dial_code'), ...err('contact_number')]}
        onCountryChange={(code) => {
          if (code !== v.country) set('country')(code);
        }}
        onNumberChange={set('contact_number')}
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, columnGap: '4' })}>
        <TextField
          label="City or province"
          autoComplete="address-level2"
          value={v.city}
          errors={err('city')}
          onValueChange={set('city')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={v.birthdate}
          errors={err('birthdate')}
          hint="You must be 18 or older."
          onValueChange={set('birthdate')}
        />
      </div>
    </PartForm>
  );
}

export function ArtistInfoForm({
  actor,
  options,
  samples,
  submitLabel = 'Save artist information',
}: {
  actor: ApplicationFormActor;
  options: { genres: Option[]; vocal_types: Option[] };
  samples: ReactNode;
  submitLabel?: string;
}) {
  const view = useSelector(actor, connectApplicationForm);
  const v = view.values.artistInfo;
  const set = useField(actor, 'artistInfo');
  const err = (name: string) => view.errorsOf('artistInfo', name);
  const toggleGenre = (value: string, on: boolean) => {
    const next = on ? [...v.genres, value] : v.genres.filter((g) => g !== value);
    set('genres')(next as typeof v.genres);
  };
  return (
    <PartForm actor={actor} part="artistInfo" submitLabel={submitLabel}>
      <TextField
        label="Stage name"
        value={v.stage_name}
        errors={err('stage_name')}
        hint="The name customers will see, unique on Labsongs. Once you are approved, our team reviews a new name first."
        onValueChange={set('stage_name')}
      />
      <FieldShell
        id="artist-bio"
        label="Bio"
        errors={err('bio')}
        hint={`${v.bio.length} / 2000 characters (at least 40)`}
      >
        <textarea
          id="artist-bio"
          rows={5}
          className={`${inputClass} ${css({ h: 'auto', py: '2' })}`}
          value={v.bio}
          onChange={(e) => set('bio')(e.target.value)}
          aria-invalid={err('bio')[0] ? true : undefined}
        />
      </FieldShell>
      <fieldset className={css({ mb: '4' })} aria-describedby={err('genres')[0] ? 'genres-error' : undefined}>
        <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>Genres (one to five)</legend>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {options.genres.map((g) => {
            const checked = v.genres.includes(g.value as never);
            return (
              <label
                key={g.value}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '1.5',
                  px: '3',
                  py: '1.5',
                  borderWidth: '1px',
                  borderColor: checked ? 'brand.600' : 'gray.300',
                  bg: checked ? 'brand.50' : 'white',
                  borderRadius: 'full',
                  cursor: 'pointer',
                  fontSize: 'sm',
                })}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && v.genres.length >= 5}
                  onChange={(e) => toggleGenre(g.value, e.target.checked)}
                  className={css({ accentColor: 'brand.600' })}
                />
                {g.display}
              </label>
            );
          })}
        </div>
        {err('genres')[0] ? (
          <p id="genres-error" role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
            {err('genres')[0]}
          </p>
        ) : null}
      </fieldset>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
          columnGap: '4',
          mb: '4',
        })}
      >
        <div>
          <SelectField
            label="Vocal type"
            options={options.vocal_types}
            value={v.vocal_type}
            onChange={(value) => set('vocal_type')(value as typeof v.vocal_type)}
            errors={err('vocal_type')}
          />
        </div>
        <TextField
          label="Your rate per song (₱)"
          type="number"
          inputMode="numeric"
          min={1000}
          max={100000}
          step={100}
          value={Number.isFinite(v.rate) ? String(v.rate) : ''}
          errors={err('rate')}
          hint="Customers pay the highest rate among the artists they choose."
          onValueChange={(text) => set('rate')(Number(text.replace(/\D/g, '')) as typeof v.rate)}
        />
        <TextField
          label="Your turnaround (days)"
          type="number"
          inputMode="numeric"
          min={MIN_TURNAROUND_DAYS}
          max={MAX_TURNAROUND_DAYS}
          step={1}
          value={Number.isFinite(v.turnaround_days) ? String(v.turnaround_days) : ''}
          errors={err('turnaround_days')}
          hint={`Days you need to record a song once you accept it (${MIN_TURNAROUND_DAYS}–${MAX_TURNAROUND_DAYS}). Customers see the date it arrives before they pay.`}
          onValueChange={(text) =>
            set('turnaround_days')((text.trim() === '' ? Number.NaN : Number(text.replace(/\D/g, ''))) as number)
          }
        />
      </div>
      <RushFields values={v} set={set} err={err} />
      <div className={css({ mb: '4' })}>
        <h3 className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>Sample songs</h3>
        {samples}
        {err('samples')[0] ? (
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
            {err('samples')[0] ?? artistMessages.samplesRequired}
          </p>
        ) : null}
      </div>
    </PartForm>
  );
}

export function PayoutForm({
  actor,
  submitLabel = 'Save payout details',
}: {
  actor: ApplicationFormActor;
  submitLabel?: string;
}) {
  const view = useSelector(actor, connectApplicationForm);
  const v = view.values.payoutInfo;
  const set = useField(actor, 'payoutInfo');
  const err = (name: string) => view.errorsOf('payoutInfo', name);
  return (
    <PartForm actor={actor} part="payoutInfo" submitLabel={submitLabel}>
      <p className={css({ color: 'fg.muted', mb: '4', fontSize: 'sm' })}>
        We pay your earnings to this account. The number is stored encrypted and only its last four digits are ever
        shown.
      </p>
      <TextField
        label="Bank or e-wallet"
        value={v.bank_name}
        errors={err('bank_name')}
        onValueChange={set('bank_name')}
      />
      <TextField
        label="Account name"
        autoComplete="name"
        value={v.account_name}
        errors={err('account_name')}
        onValueChange={set('account_name')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        value={v.account_number}
        errors={err('account_number')}
        hint={view.payoutMasked ? `Saved: ${view.payoutMasked}. Enter the full number again to change it.` : undefined}
        onValueChange={set('account_number')}
      />
      {view.payoutMasked ? (
        // Replacing an account on file: a stolen session must not be able to redirect the earnings.
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={v.current_password}
          errors={err('current_password')}
          hint="Needed to change your payout account. We email you when it changes."
          onValueChange={set('current_password')}
        />
      ) : null}
      {view.payoutReview === 'pending' || view.payoutReview === 'rejected' ? (
        <p
          role="status"
          data-testid="payout-review"
          className={css({ bg: 'yellow.50', color: 'yellow.900', borderRadius: 'md', p: '3', mb: '4', fontSize: 'sm' })}
        >
          {view.payoutReview === 'pending'
            ? 'The account name differs from your legal name, so our team checks it before we pay to it.'
            : 'Our team could not approve this account: enter an account in your own name to be paid.'}
        </p>
      ) : null}
    </PartForm>
  );
}

export function PasswordForm({
  actor,
  submitLabel = 'Update password',
  currentLabel = 'Current password',
}: {
  actor: ApplicationFormActor;
  submitLabel?: string;
  currentLabel?: string;
}) {
  const view = useSelector(actor, connectApplicationForm);
  const v = view.values.password;
  const set = useField(actor, 'password');
  const err = (name: string) => view.errorsOf('password', name);
  return (
    <PartForm actor={actor} part="password" submitLabel={submitLabel}>
      <PasswordField
        label={currentLabel}
        autoComplete="current-password"
        value={v.current_password}
        errors={err('current_password')}
        onValueChange={set('current_password')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={v.password}
        errors={err('password')}
        hint="At least 8 characters, with a letter and a number."
        onValueChange={set('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={v.password_confirmation}
        errors={err('password_confirmation')}
        onValueChange={set('password_confirmation')}
      />
    </PartForm>
  );
}
