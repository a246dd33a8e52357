import { useId } from 'react';
import { css } from 'styled-system/css';
import { RUSH_MAX_PRICE_PESOS, RUSH_MIN_PRICE_PESOS } from '../../../contracts/addons';
import { MIN_TURNAROUND_DAYS } from '../../../contracts/delivery';
import type { ArtistInfoValues } from '../../../machines/application-form.types';
import { TextField } from '../ui/field';

type Set = <N extends keyof ArtistInfoValues>(name: N) => (value: ArtistInfoValues[N]) => void;

/** A whole number typed in a field, or null while it is empty. */
const wholeOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.replace(/\D/g, '')));

/**
 * Rush delivery on the Artist information form (docs/product.md §9 "Add-ons"): off by default; when offered,
 * the price on top of the rate and the shorter turnaround, each with the server's 422 under it.
 */
export function RushFields({
  values,
  set,
  err,
}: {
  values: ArtistInfoValues;
  set: Set;
  err: (name: string) => string[];
}) {
  const checkboxId = useId();
  const hintId = useId();
  const choiceError = err('offers_rush')[0];
  return (
    <fieldset className={css({ mb: '4' })}>
      <legend className={css({ fontWeight: 'medium', fontSize: 'sm', mb: '2' })}>Rush delivery</legend>
      <label
        htmlFor={checkboxId}
        className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' })}
      >
        <input
          id={checkboxId}
          type="checkbox"
          checked={values.offers_rush}
          aria-describedby={hintId}
          onChange={(e) => set('offers_rush')(e.target.checked)}
          className={css({ w: '4', h: '4', accentColor: 'brand.600' })}
        />
        I offer rush delivery
      </label>
      <p id={hintId} className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
        Customers may pay your rush price on top of your rate for a song recorded faster than your standard turnaround.
      </p>
      {choiceError ? (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
          {choiceError}
        </p>
      ) : null}
      {values.offers_rush ? (
        <div
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
            columnGap: '4',
            mt: '3',
          })}
        >
          <TextField
            label="Rush price (₱, on top of your rate)"
            type="number"
            inputMode="numeric"
            min={RUSH_MIN_PRICE_PESOS}
            max={RUSH_MAX_PRICE_PESOS}
            step={50}
            value={values.rush_price === null ? '' : String(values.rush_price)}
            errors={err('rush_price')}
            hint={`From ₱${RUSH_MIN_PRICE_PESOS} to ₱${RUSH_MAX_PRICE_PESOS.toLocaleString('en-US')}.`}
            onValueChange={(text) => set('rush_price')(wholeOrNull(text))}
          />
          <TextField
            label="Rush turnaround (days)"
            type="number"
            inputMode="numeric"
            min={MIN_TURNAROUND_DAYS}
            step={1}
            value={values.rush_turnaround_days === null ? '' : String(values.rush_turnaround_days)}
            errors={err('rush_turnaround_days')}
            hint="Shorter than your standard turnaround."
            onValueChange={(text) => set('rush_turnaround_days')(wholeOrNull(text))}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
