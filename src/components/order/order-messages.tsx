import { type ChangeEvent, type FormEvent, type ReactNode, useId } from 'react';
import { css } from 'styled-system/css';
import { formatDateTime } from '../../../contracts/format';
import type { OrderMessage } from '../../../contracts/order-messages';
import type { ConversationView } from '../../../machines/conversation.connect';
import type { ConversationEvent, PendingMessage } from '../../../machines/conversation.machine';
import { formatBytes } from '../artist-application/format';
import { TextAreaField } from '../artist-application/text-area-field';
import { Button } from '../ui/button';

// The "Messages" section of an order page (the customer's, the artist's card, the team's): the thread,
// then what is on its way, then the box. It reads the conversation machine's view and sends it events.

const list = css({ display: 'grid', gap: '3', listStyle: 'none', p: 0, m: 0, mb: '4' });
const bubble = css({
  p: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'white',
  maxW: '40rem',
  overflowWrap: 'anywhere',
  '&[data-mine=true]': { bg: 'brand.50', borderColor: 'brand.200', justifySelf: 'end' },
  '&[data-pending=true]': { opacity: 0.8, borderStyle: 'dashed' },
});
const meta = css({ fontSize: 'sm', color: 'fg.muted', mb: '1' });
const note = css({ fontSize: 'sm', color: 'fg.muted', fontStyle: 'italic', mt: '1' });

function Attachment({ file }: { file: NonNullable<OrderMessage['attachment']> }) {
  return (
    <p className={css({ mt: '1' })}>
      <a
        href={file.url}
        target="_blank"
        rel="noopener noreferrer"
        className={css({ color: 'brand.800', textDecoration: 'underline' })}
      >
        {file.name}
      </a>{' '}
      <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>({formatBytes(file.size)})</span>
    </p>
  );
}

/** A lyrics step says what it is above its text (contracts/lyrics.ts). */
const kindLabels: Partial<Record<OrderMessage['kind'], string>> = {
  lyrics: 'Lyrics for approval',
  lyrics_changes: 'Asked for changes to the lyrics',
  lyrics_approved: 'Approved the lyrics',
};

function Message({ message, maskedNote }: { message: OrderMessage; maskedNote: string }) {
  const kindLabel = kindLabels[message.kind];
  return (
    <li className={bubble} data-mine={message.mine} data-testid="message" data-kind={message.kind}>
      <p className={meta}>
        <strong>{message.mine ? 'You' : message.author.name}</strong> · {formatDateTime(message.created_at)}
      </p>
      {kindLabel ? <p className={css({ fontWeight: 'semibold' })}>{kindLabel}</p> : null}
      {message.body ? <p className={css({ whiteSpace: 'pre-wrap' })}>{message.body}</p> : null}
      {message.attachment ? <Attachment file={message.attachment} /> : null}
      {message.masked ? <p className={note}>{maskedNote}</p> : null}
    </li>
  );
}

function Pending({ message, waiting, onRetry }: { message: PendingMessage; waiting: boolean; onRetry: () => void }) {
  const failed = message.status === 'failed';
  return (
    <li className={bubble} data-mine="true" data-pending="true" data-testid="message-pending">
      <p className={meta}>
        <strong>You</strong> · {failed ? 'Not sent yet: no connection. Trying again…' : 'Sending…'}
      </p>
      {message.body ? <p className={css({ whiteSpace: 'pre-wrap' })}>{message.body}</p> : null}
      {message.attachment ? <p className={note}>{message.attachment.name}</p> : null}
      {failed && waiting ? (
        <Button size="sm" color="text" onClick={onRetry}>
          Try again now
        </Button>
      ) : null}
    </li>
  );
}

export interface OrderMessagesProps {
  view: ConversationView;
  send: (event: ConversationEvent) => void;
  /** Who the person talks to, for the intro line. */
  intro: string;
  /** The heading's level in its page's outline (the team's page has h2 sections). */
  heading?: 'h2' | 'h3';
  className?: string;
  /** Shown under the thread, above the box: the lyrics step's actions, when the order has one. */
  children?: ReactNode;
}

export function OrderMessages({ view, send, intro, heading: Heading = 'h3', className, children }: OrderMessagesProps) {
  const headingId = useId();
  const fileId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.send' });
  };
  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) send({ type: 'user.attach', file });
    // The same file can be picked again after a refusal.
    event.target.value = '';
  };
  return (
    <section
      aria-labelledby={headingId}
      data-testid="order-messages"
      className={className ?? css({ borderTopWidth: '1px', borderColor: 'gray.200', pt: '4', mt: '4' })}
    >
      <Heading id={headingId} className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        Messages
      </Heading>
      <p className={css({ color: 'fg.muted', mt: '1', mb: '3' })}>{intro}</p>
      {view.loading ? <p role="status">Loading messages…</p> : null}
      {view.loadProblem ? (
        <div role="alert" className={css({ mb: '3' })}>
          <p>{view.loadProblem}</p>
          <Button size="sm" color="secondary" onClick={() => send({ type: 'user.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {view.hasOlder ? (
        <Button size="sm" color="text" onClick={() => send({ type: 'user.older' })}>
          Show earlier messages
        </Button>
      ) : null}
      {/* A log: what arrives is announced politely; the list inside keeps its list semantics. */}
      <div role="log" aria-label="Conversation">
        <ol className={list}>
          {view.messages.map((message) => (
            <Message key={message.id} message={message} maskedNote={view.maskedNote} />
          ))}
          {view.pending.map((message) => (
            <Pending
              key={message.client_id}
              message={message}
              waiting={view.waitingToRetry}
              onRetry={() => send({ type: 'user.retry' })}
            />
          ))}
        </ol>
      </div>
      {!view.loading && view.messages.length === 0 && view.pending.length === 0 && !view.loadProblem ? (
        <p className={css({ color: 'fg.muted', mb: '3' })}>No messages yet.</p>
      ) : null}
      {children}
      {view.writable ? (
        <form onSubmit={submit} noValidate aria-label="Write a message">
          <TextAreaField
            label="Your message"
            name="body"
            value={view.draft}
            onValueChange={(value) => send({ type: 'draft.changed', value })}
            errors={view.draftErrors}
            hint="Phone numbers, emails, links and social handles are hidden: keep the talk on Labsongs."
            rows={3}
          />
          {view.sendProblem ? (
            <p role="alert" className={css({ color: 'red.700', mb: '3' })}>
              {view.sendProblem}
            </p>
          ) : null}
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mb: '3' })}>
            {view.attachment ? (
              <p data-testid="message-attachment">
                Attached: <strong>{view.attachment.name}</strong> ({formatBytes(view.attachment.size)}){' '}
                <Button size="sm" color="text" onClick={() => send({ type: 'user.detach' })}>
                  Remove attachment
                </Button>
              </p>
            ) : (
              <div className={css({ minW: 0, flex: '1 1 100%' })}>
                <label htmlFor={fileId} className={css({ fontWeight: 'semibold', mr: '2' })}>
                  Attach a file
                </label>
                {/* A native file input is as wide as its button and text: bounded, so a narrow phone never scrolls. */}
                <input
                  id={fileId}
                  name="file"
                  type="file"
                  className={css({ display: 'block', w: 'full', maxW: 'full', mt: '1' })}
                  accept="audio/*,image/jpeg,image/png,image/webp,application/pdf"
                  onChange={attach}
                  disabled={view.uploading}
                  aria-describedby={view.fileErrors?.[0] ? `${fileId}-error` : `${fileId}-hint`}
                  aria-invalid={view.fileErrors?.[0] ? true : undefined}
                />
                {view.fileErrors?.[0] ? (
                  <p id={`${fileId}-error`} role="alert" className={css({ color: 'red.700', fontSize: 'sm' })}>
                    {view.fileErrors[0]}
                  </p>
                ) : (
                  <p id={`${fileId}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                    {view.uploading ? 'Uploading…' : 'A sound, a picture or a PDF.'}
                  </p>
                )}
              </div>
            )}
          </div>
          <Button type="submit" disabled={view.uploading}>
            Send
          </Button>
        </form>
      ) : view.loading || view.loadProblem ? null : (
        <p className={css({ color: 'fg.muted' })}>This conversation is closed.</p>
      )}
    </section>
  );
}
