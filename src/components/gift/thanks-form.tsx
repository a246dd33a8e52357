import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { GiftPageView } from '../../../machines/gift-page.connect';
import type { GiftPageSend } from '../../actors/use-gift-page';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

/** The recipient's one thank-you note to the artist; once sent, a word that it was replaces the form. */
export function ThanksForm({ view, send, artistName }: { view: GiftPageView; send: GiftPageSend; artistName: string }) {
  return (
    <section aria-labelledby="thanks-heading" className={css({ mt: '10' })}>
      <h2 id="thanks-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '3' })}>
        Say thank you to {artistName}
      </h2>
      {view.thanksNote ? (
        <SentNote text={view.thanksNote} focus={view.justThanked} />
      ) : (
        <form
          noValidate
          aria-labelledby="thanks-heading"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'user.submit' });
          }}
        >
          <TextField
            label="Your name"
            autoComplete="given-name"
            maxLength={100}
            value={view.values.name}
            errors={view.errors.name}
            disabled={view.sending}
            onValueChange={(value) => send({ type: 'field.changed', name: 'name', value })}
          />
          <TextAreaField
            label="Your message"
            maxLength={1000}
            value={view.values.message}
            errors={view.errors.message}
            disabled={view.sending}
            onValueChange={(value) => send({ type: 'field.changed', name: 'message', value })}
          />
          <Button type="submit" loading={view.sending}>
            Send my thanks
          </Button>
        </form>
      )}
    </section>
  );
}

function SentNote({ text, focus }: { text: string; focus: boolean }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The form (and its focused button) just went away: keep the keyboard's place on the page.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={css({ bg: 'brand.50', borderRadius: 'lg', p: '4', fontWeight: 'medium' })}
    >
      {text}
    </p>
  );
}
