import { useId } from 'react';
import { css } from 'styled-system/css';
import { phone } from '../../../contracts/constants';
import { findCountry } from '../../../contracts/countries';
import { formatPhone } from '../../../machines/phone-input.machine';
import { usePhoneInput } from '../../actors/use-phone-input';
import { describedBy, FieldShell, inputClass } from '../ui/field';
import { CountryCombobox } from './country-combobox';

export interface PhoneInputProps {
  label: string;
  /** Two-letter code the parent holds. */
  country: string;
  /** Digits the parent holds. */
  number: string;
  mask?: string;
  onCountryChange: (code: string) => void;
  onNumberChange: (digits: string) => void;
  errors?: readonly string[] | undefined;
  name?: string;
}

/**
 * docs/product.md §5 phone input: a country picker and a masked number. The machine owns the country, the
 * digit cap and the delayed country report; the parent owns the number it submits.
 */
export function PhoneInput({
  label,
  country,
  number,
  mask = phone.defaultMask,
  onCountryChange,
  onNumberChange,
  errors,
  name,
}: PhoneInputProps) {
  const id = useId();
  const actor = usePhoneInput({ country, mask, number }, onCountryChange);

  const dialCode = findCountry(country)?.dial_code;
  return (
    <FieldShell id={id} label={label} errors={errors} hint={dialCode ? `Dial code ${dialCode}` : undefined}>
      <div className={css({ display: 'grid', gridTemplateColumns: '8.5rem 1fr', gap: '2' })}>
        <CountryCombobox
          id={`${id}-country`}
          label={`${label} country`}
          value={country}
          showDialCode
          onChange={(code) => actor.send({ type: 'country.selected', code })}
        />
        <input
          id={id}
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className={inputClass}
          placeholder={mask.replace(/#/g, '0')}
          value={formatPhone(number, mask)}
          aria-invalid={errors?.[0] ? true : undefined}
          aria-describedby={describedBy(id, errors, dialCode)}
          onChange={(e) => {
            actor.send({ type: 'number.changed', value: e.target.value });
            onNumberChange(actor.getSnapshot().context.number);
          }}
        />
      </div>
    </FieldShell>
  );
}
