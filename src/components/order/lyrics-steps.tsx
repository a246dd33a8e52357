import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import type { LifecycleFacts } from '../../../contracts/lifecycle';
import { lyricsLabels, lyricsStateOf } from '../../../contracts/lyrics';
import { useLyricsApproval } from '../../actors/use-lyrics-approval';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button } from '../ui/button';

// Lyrics for approval (docs/product.md "Lyrics for approval"): where the lyrics stand, on the customer's
// order page and the artist's card, and the step's actions under the order's thread.

const panel = css({
  display: 'grid',
  gap: '3',
  p: '3',
  mb: '4',
  borderWidth: '1px',
  borderColor: 'brand.200',
  borderRadius: 'lg',
  bg: 'brand.50',
});

/** "Lyrics waiting for your approval", "Lyrics approved"…: nothing when the order has no lyrics step. */
export function LyricsState({ facts, reader }: { facts: LifecycleFacts; reader: 'customer' | 'artist' }) {
  const state = lyricsStateOf(facts);
  if (!state) return null;
  return (
    <p data-testid="lyrics-state" className={css({ fontWeight: 'semibold', mt: '2' })}>
      {lyricsLabels[reader][state]}
    </p>
  );
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className={css({ color: 'red.700' })}>
      {text}
    </p>
  ) : null;
}

/** The customer reads the draft in the thread above, then approves it or says what to change. */
function CustomerAnswer({ orderId }: { orderId: number }) {
  const { view, send } = useLyricsApproval('user', orderId);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.askChanges' });
  };
  return (
    <div className={panel} data-testid="lyrics-answer">
      <p>
        <strong>{lyricsLabels.customer.review}.</strong> Read them above. Asking for changes does not use a revision.
      </p>
      <Problem text={view.problem} />
      <div>
        <Button onClick={() => send({ type: 'user.approve' })} disabled={view.busy}>
          Approve the lyrics
        </Button>
      </div>
      <form onSubmit={ask} noValidate aria-label="Ask for changes to the lyrics">
        <TextAreaField
          label="What should change in the lyrics?"
          name="note"
          value={view.note}
          onValueChange={(value) => send({ type: 'note.changed', value })}
          errors={view.errors.note}
          rows={3}
        />
        <Button type="submit" color="secondary" disabled={view.busy}>
          Ask for changes
        </Button>
      </form>
    </div>
  );
}

/** The artist writes the lyrics (again, after a change request) and sends them for approval. */
function ArtistDraft({ orderId, changes }: { orderId: number; changes: boolean }) {
  const { view, send } = useLyricsApproval('artist', orderId);
  const post = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.post' });
  };
  return (
    <form onSubmit={post} noValidate aria-label="Lyrics for approval" className={panel} data-testid="lyrics-draft">
      <p>
        {changes
          ? 'The customer asked for changes: read their note above, then send the new lyrics.'
          : 'This customer approves the lyrics before you record. Send them here first.'}
      </p>
      <TextAreaField
        label="Your lyrics"
        name="lyrics"
        value={view.lyrics}
        onValueChange={(value) => send({ type: 'lyrics.changed', value })}
        errors={view.errors.lyrics}
        rows={8}
      />
      <Problem text={view.problem} />
      <div>
        <Button type="submit" disabled={view.busy}>
          Send the lyrics for approval
        </Button>
      </div>
    </form>
  );
}

/** The actions of the lyrics step the reader has now (none when it is the other side's turn). */
export function LyricsActions({
  facts,
  reader,
  orderId,
}: {
  facts: LifecycleFacts;
  reader: 'customer' | 'artist';
  orderId: number;
}) {
  const state = lyricsStateOf(facts);
  if (reader === 'customer') return state === 'review' ? <CustomerAnswer orderId={orderId} /> : null;
  return state === 'draft' || state === 'changes' ? (
    <ArtistDraft orderId={orderId} changes={state === 'changes'} />
  ) : null;
}
