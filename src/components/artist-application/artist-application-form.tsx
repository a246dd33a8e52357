import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { css } from 'styled-system/css';
import { applicationFields, artistMessages } from '../../../contracts/artist';
import { phone } from '../../../contracts/constants';
import type { ApplicationTextField } from '../../../machines/artist-application.machine';
import { useArtistApplicationForm } from '../../actors/use-artist-application-form';
import { PhoneInput } from '../phone/phone-input';
import { Button, buttonRecipe } from '../ui/button';
import { TextField } from '../ui/field';
import { FilePicker } from '../ui/file-picker';
import { Modal } from '../ui/modal';
import { TextAreaField } from './text-area-field';

const PITCH_MAX = 1000;

/** Where focus goes for a field's error: the dial code and country have no input of their own. */
const focusTarget: Record<string, string> = { country: 'contact_number', dial_code: 'contact_number' };

/** The public artist application (docs/architecture.md §5): the form, then the success modal. */
export function ArtistApplicationForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const actor = useArtistApplicationForm((field) => {
    const name = focusTarget[field] ?? field;
    // After React has rendered the messages, so the field's description is read with it.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
    });
  });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const sample = useSelector(actor, (s) => s.context.sample);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const succeeded = useSelector(actor, (s) => s.hasTag('success'));
  const change = (name: ApplicationTextField) => (value: string) => actor.send({ type: 'field.changed', name, value });

  const termsId = useId();
  const sampleId = useId();
  const pitchLength = values.pitch.trim().length;
  const otherErrors = Object.entries(errors)
    .filter(([key]) => !(applicationFields as readonly string[]).includes(key))
    .flatMap(([, messages]) => messages.slice(0, 1));
  const dialAndCountryErrors = [
    ...(errors.country ?? []),
    ...(errors.dial_code ?? []),
    ...(errors.contact_number ?? []),
  ];

  return (
    <>
      <form
        ref={formRef}
        noValidate
        aria-labelledby="application-title"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'user.submit' });
        }}
        className={css({ bg: 'white', borderRadius: 'xl', boxShadow: 'md', p: { base: '5', md: '8' } })}
      >
        <h2 id="application-title" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Apply as an artist
        </h2>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, columnGap: '4' })}>
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            errors={errors.first_name}
            onValueChange={change('first_name')}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            errors={errors.last_name}
            onValueChange={change('last_name')}
          />
        </div>
        <TextField
          label="Stage name"
          name="stage_name"
          autoComplete="nickname"
          value={values.stage_name}
          errors={errors.stage_name}
          hint="The name customers will see."
          onValueChange={change('stage_name')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          errors={errors.email}
          hint="We send your temporary password here."
          onValueChange={change('email')}
        />
        <PhoneInput
          label="Contact number"
          name="contact_number"
          country={values.country}
          number={values.contact_number}
          mask={phone.contactNumberMask}
          errors={dialAndCountryErrors}
          onCountryChange={(code) => {
            if (code !== values.country) change('country')(code);
          }}
          onNumberChange={change('contact_number')}
        />
        <TextAreaField
          label="Links to your music (optional)"
          name="links"
          rows={3}
          value={values.links}
          errors={errors.links}
          hint="Up to three links, one per line (YouTube, Spotify, SoundCloud…), each starting with https://."
          placeholder="https://"
          onValueChange={change('links')}
        />
        <TextAreaField
          label="Tell us about yourself"
          name="pitch"
          rows={5}
          value={values.pitch}
          errors={errors.pitch}
          hint={
            <span
              data-over={pitchLength > PITCH_MAX || undefined}
              className={css({ '&[data-over]': { color: 'danger.fg' } })}
            >
              {pitchLength} / {PITCH_MAX} characters (at least 20)
            </span>
          }
          onValueChange={change('pitch')}
        />

        <div className={css({ mb: '4' })}>
          {/* The form's machine owns the sample and its message; the picker only shows them. */}
          <FilePicker
            id={sampleId}
            name="sample"
            label="A sample of your singing (optional)"
            hint="One audio file: MP3, WAV, OGG, M4A, FLAC or WebM."
            noun="an audio file"
            accept="audio/*"
            file={sample ? { name: sample.name, size: sample.size } : null}
            chosenTestId="sample-chosen"
            error={errors.sample?.[0] ?? null}
            onSelect={(file) => actor.send({ type: 'sample.selected', file })}
            onRemove={() => actor.send({ type: 'sample.removed' })}
          />
        </div>
        {!sample && errors.sample?.length ? (
          // The optional sample's message holds the submit back until it is replaced or given up.
          <Button
            size="sm"
            color="secondary"
            className={css({ mt: '-2', mb: '4' })}
            onClick={() => actor.send({ type: 'sample.removed' })}
          >
            Apply without a sample
          </Button>
        ) : null}

        <div className={css({ mb: '5' })}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
            <input
              id={termsId}
              type="checkbox"
              name="accept_terms"
              checked={values.accept_terms}
              aria-invalid={errors.accept_terms?.[0] ? true : undefined}
              aria-describedby={errors.accept_terms?.[0] ? `${termsId}-error` : undefined}
              onChange={(e) => actor.send({ type: 'field.changed', name: 'accept_terms', value: e.target.checked })}
              className={css({ w: '4', h: '4', mt: '1', accentColor: 'brand.600', flexShrink: 0 })}
            />
            <label htmlFor={termsId} className={css({ fontSize: 'sm' })}>
              I accept the {/* A new tab, so that reading the terms does not cost the visitor what they typed. */}
              <Link
                to="/terms"
                target="_blank"
                rel="noopener"
                className={css({ color: 'brand.700', fontWeight: 'semibold', textDecoration: 'underline' })}
              >
                Terms of Use
              </Link>
            </label>
          </div>
          {errors.accept_terms?.[0] ? (
            <p id={`${termsId}-error`} role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
              {errors.accept_terms[0]}
            </p>
          ) : null}
        </div>

        {otherErrors.length > 0 ? (
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mb: '3' })}>
            {otherErrors.join(' ')}
          </p>
        ) : null}
        <Button type="submit" block size="lg" loading={busy}>
          Submit application
        </Button>
      </form>

      <Modal
        open={succeeded}
        onClose={() => actor.send({ type: 'success.dismissed' })}
        title="Application received"
        size="sm"
        footer={
          <Link to="/artist/login" className={buttonRecipe({ color: 'primary' })}>
            Go to artist login
          </Link>
        }
      >
        <p data-testid="application-received">{artistMessages.applicationReceived}</p>
      </Modal>
    </>
  );
}
