import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { type MailArea, mailCategories, mailCategoryLabels } from '../../../contracts/mail';
import { useMailPreferencesActor } from '../../actors/mail-preferences';
import { Button } from '../ui/button';

const rowClass = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '3',
  alignItems: 'start',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'gray.100',
  _last: { borderBottomWidth: '0' },
});

const checkboxClass = css({
  w: '5',
  h: '5',
  mt: '0.5',
  accentColor: 'var(--colors-brand-700)',
  cursor: 'pointer',
  _focusVisible: { outline: '3px solid', outlineColor: 'brand.300', outlineOffset: '2px' },
  _disabled: { cursor: 'wait' },
});

/** Which non-essential mails the person gets; each switch saves at once. */
export function MailPreferencesSection({ area }: { area: MailArea }) {
  const actor = useMailPreferencesActor(area);
  const preferences = useSelector(actor, (s) => s.context.preferences);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));

  return (
    <section aria-labelledby="mail-preferences-heading" aria-busy={busy} data-part="mail-preferences">
      <h2 id="mail-preferences-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
        Email notifications
      </h2>
      <p className={css({ color: 'fg.muted', mb: '3' })}>
        Choose the mails you want. Receipts, refunds, payouts and password mails always go.
      </p>
      {failed ? (
        <div role="alert" className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
          <p>{error ?? 'Your mail settings could not be loaded.'}</p>
          <Button size="sm" color="secondary" onClick={() => actor.send({ type: 'user.retry' })}>
            Try again
          </Button>
        </div>
      ) : (
        <fieldset disabled={loading} className={css({ border: '0', p: '0', m: '0', minW: '0' })}>
          <legend className={css({ srOnly: true })}>Mails you get</legend>
          {mailCategories[area].map((category) => {
            const id = `mail-${category}`;
            const { label, hint } = mailCategoryLabels[category];
            return (
              <div key={category} className={rowClass}>
                <input
                  id={id}
                  type="checkbox"
                  className={checkboxClass}
                  checked={preferences[category] ?? true}
                  disabled={busy}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => actor.send({ type: 'user.toggle', category, on: e.currentTarget.checked })}
                />
                <div className={css({ minW: '0' })}>
                  <label htmlFor={id} className={css({ fontWeight: 'medium', cursor: 'pointer' })}>
                    {label}
                  </label>
                  <p id={`${id}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                    {hint}
                  </p>
                </div>
              </div>
            );
          })}
        </fieldset>
      )}
      <p role="status" className={css({ fontSize: 'sm', mt: '2', minH: '5', color: error ? 'danger.fg' : 'fg.muted' })}>
        {!failed && error ? error : saved ? 'Your mail preferences are saved.' : ''}
      </p>
    </section>
  );
}
