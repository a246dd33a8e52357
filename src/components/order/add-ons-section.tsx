import { useId } from 'react';
import { css } from 'styled-system/css';
import {
  EXTRA_REVISION_PRICE_PESOS,
  formatExtraRevisions,
  MAX_EXTRA_REVISIONS,
  type RushOffer,
} from '../../../contracts/addons';
import { formatTurnaround } from '../../../contracts/delivery';
import { formatPesos } from '../../../contracts/format';
import { SelectField } from '../ui/select-field';
import { usDate } from './format';
import { FormSection } from './order-page';

export interface ChosenArtist {
  id: string;
  stage_name: string;
  rush: RushOffer | null;
}

/**
 * Add-ons at the song step (docs/product.md §9 "Add-ons"): rush delivery, which every chosen artist must offer
 * (turning it on unselects those who do not), and extra revisions at the platform's price. The server prices
 * them; this only chooses.
 */
export function AddOnsSection({
  rush,
  extraRevisions,
  chosen,
  errors,
  onRush,
  onExtraRevisions,
}: {
  rush: boolean;
  extraRevisions: number;
  chosen: readonly ChosenArtist[];
  errors: (name: string) => string[];
  onRush: (rush: boolean, withoutRush: string[]) => void;
  onExtraRevisions: (count: number) => void;
}) {
  const rushId = useId();
  const rushHintId = useId();
  const rushError = errors('rush')[0];
  const withoutRush = chosen.filter((a) => a.rush === null);
  return (
    <FormSection title="Add-ons" description="Optional. Each adds to the price; we confirm it when you continue.">
      <div className={css({ mb: '4' })}>
        <label
          htmlFor={rushId}
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '2',
            fontWeight: 'medium',
            cursor: 'pointer',
          })}
        >
          <input
            id={rushId}
            type="checkbox"
            checked={rush}
            aria-describedby={rushHintId}
            aria-invalid={rushError ? true : undefined}
            onChange={(e) =>
              onRush(
                e.target.checked,
                withoutRush.map((a) => a.id),
              )
            }
            className={css({ w: '5', h: '5', accentColor: 'brand.700' })}
          />
          Rush delivery
        </label>
        <div id={rushHintId} className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
          <p>
            The artist records your song in their shorter rush time, for their rush price. Only artists who offer rush
            can be chosen with it{rush ? '' : '; turning it on unselects the others'}.
          </p>
          {chosen.length > 0 ? (
            <ul aria-label="Rush delivery of each artist" className={css({ pl: '4', listStyle: 'disc', mt: '1' })}>
              {chosen.map((a) => (
                <li key={a.id}>
                  {a.rush
                    ? `${a.stage_name}: +${formatPesos(a.rush.price)}, ${formatTurnaround(a.rush.turnaround_days)} to record, arrives by ${usDate(a.rush.arrives_by)}`
                    : `${a.stage_name} does not offer rush delivery`}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {rushError ? (
          <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mt: '1' })}>
            {rushError}
          </p>
        ) : null}
      </div>
      <SelectField
        label={`Extra revisions (${formatPesos(EXTRA_REVISION_PRICE_PESOS)} each)`}
        options={Array.from({ length: MAX_EXTRA_REVISIONS + 1 }, (_, n) => ({
          value: String(n),
          display: n === 0 ? 'None' : formatExtraRevisions(n),
        }))}
        value={String(extraRevisions)}
        onChange={(v) => onExtraRevisions(Number(v))}
        errors={errors('extra_revisions')}
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
        On top of the revisions every order includes, should you want more changes after hearing the song.
      </p>
    </FormSection>
  );
}
