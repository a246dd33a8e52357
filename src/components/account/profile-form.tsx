import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { AuthUser } from '../../../contracts/account';
import { phone } from '../../../contracts/constants';
import { findCountry } from '../../../contracts/countries';
import { useCustomerProfileForm } from '../../actors/use-customer-profile-form';
import { PhoneInput } from '../phone/phone-input';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

const valuesOf = (user: AuthUser) => ({
  first_name: user.first_name,
  middle_name: user.middle_name ?? '',
  last_name: user.last_name,
  contact_number: user.contact_number ?? '',
  country: user.country ?? phone.defaultCountry,
  dial_code: user.dial_code ?? findCountry(phone.defaultCountry)?.dial_code ?? '',
});

/** The customer's name and contact number (PATCH /profile). */
export function CustomerProfileForm({ user }: { user: AuthUser }) {
  const actor = useCustomerProfileForm(valuesOf(user));
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const set = (name: string) => (value: string) => actor.send({ type: 'field.changed', name, value });
  return (
    <form
      noValidate
      aria-label="Edit profile"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <div
        className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, columnGap: '4' })}
      >
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.first_name ?? ''}
          errors={errors.first_name}
          onValueChange={set('first_name')}
        />
        <TextField
          label="Middle name (optional)"
          autoComplete="additional-name"
          value={values.middle_name ?? ''}
          errors={errors.middle_name}
          onValueChange={set('middle_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.last_name ?? ''}
          errors={errors.last_name}
          onValueChange={set('last_name')}
        />
      </div>
      <PhoneInput
        label="Contact number"
        country={values.country ?? phone.defaultCountry}
        number={values.contact_number ?? ''}
        mask={phone.contactNumberMask}
        errors={[...(errors.country ?? []), ...(errors.dial_code ?? []), ...(errors.contact_number ?? [])]}
        onCountryChange={(code) => {
          if (code === values.country) return;
          // Changing the country clears the number (docs/product.md §5) and the dial code follows.
          set('country')(code);
          set('dial_code')(findCountry(code)?.dial_code ?? '');
          set('contact_number')('');
        }}
        onNumberChange={set('contact_number')}
      />
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button type="submit" loading={busy}>
          Save profile
        </Button>
        <Button color="text" onClick={() => actor.send({ type: 'user.reset' })}>
          Undo changes
        </Button>
      </div>
    </form>
  );
}
