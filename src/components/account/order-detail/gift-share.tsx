import { useRef } from 'react';
import { css } from 'styled-system/css';
import { formatCalendarDay } from '../../../../contracts/format';
import type { CustomerOrderView } from '../../../../machines/customer-order.connect';
import type { CustomerOrderSend } from '../../../actors/use-customer-order';
import { localDatePlus } from '../../order/format';
import { Button } from '../../ui/button';
import { inputClass, TextField } from '../../ui/field';
import { notify } from '../../ui/toaster';
import { sectionClass, sectionHeading } from './order-facts';

/** Copies the text, or selects it in `input` so the person can copy it themselves. */
async function copy(text: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('The gift link is copied. Paste it in a message to share it.');
  } catch {
    input?.select();
    notify.info('Press Ctrl+C (or ⌘C) to copy the selected link.', 'Copy the link');
  }
}

/** A private page to share the finished song: optional reveal date, the link, and a copy button. */
export function GiftShare({ view, send }: { view: CustomerOrderView; send: CustomerOrderSend }) {
  const linkRef = useRef<HTMLInputElement>(null);
  const gift = view.order?.gift ?? null;
  const errors = view.errorsOf('gift');
  const busy = view.pending === 'gift';
  return (
    <section aria-labelledby="gift-heading" className={sectionClass}>
      <h3 id="gift-heading" className={sectionHeading}>
        Share as a gift
      </h3>
      <p className={css({ mb: '4' })}>
        Create a private page for {view.order?.recipient_first_name ?? 'them'} with the song, its lyrics and a download.
        Only people with the link can open it.
      </p>
      <form
        noValidate
        aria-labelledby="gift-heading"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'user.submit', action: 'gift' });
        }}
        className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' })}
      >
        <div className={css({ minW: '14rem' })}>
          <TextField
            type="date"
            label="Reveal date (optional)"
            min={localDatePlus(0)}
            value={view.drafts.gift.reveal_on}
            errors={errors.reveal_on}
            hint="The song stays hidden until this day. Leave it empty to open it now."
            disabled={busy}
            onValueChange={(value) => send({ type: 'field.changed', action: 'gift', name: 'reveal_on', value })}
          />
        </div>
        <div className={css({ mb: '4' })}>
          <Button type="submit" loading={busy} disabled={view.busy}>
            {gift ? 'Update the gift link' : 'Create a gift link'}
          </Button>
        </div>
      </form>
      {gift ? (
        <div className={css({ mt: '2' })}>
          <label
            htmlFor="gift-link"
            className={css({ display: 'block', fontWeight: 'medium', fontSize: 'sm', mb: '1' })}
          >
            Gift link
          </label>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <input
              id="gift-link"
              ref={linkRef}
              readOnly
              value={gift.url}
              aria-describedby="gift-reveal"
              className={`${inputClass} ${css({ flex: '1', minW: '16rem' })}`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button color="secondary" onClick={() => copy(gift.url, linkRef.current)}>
              Copy link
            </Button>
          </div>
          <p id="gift-reveal" className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
            {gift.reveal_on
              ? `The song opens on ${formatCalendarDay(gift.reveal_on)}.`
              : 'The song can be played as soon as the link is opened.'}
          </p>
        </div>
      ) : null}
    </section>
  );
}
