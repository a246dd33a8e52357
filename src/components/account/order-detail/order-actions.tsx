import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../../../contracts/format';
import { lifecycleMessages, revisionNoteRule } from '../../../../contracts/lifecycle';
import type { CustomerOrderView } from '../../../../machines/customer-order.connect';
import type { CustomerOrderSend } from '../../../actors/use-customer-order';
import { TextAreaField } from '../../artist-application/text-area-field';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';

const notesId = 'revision-notes';

interface Props {
  view: CustomerOrderView;
  send: CustomerOrderSend;
}

/** The buttons the lifecycle allows now: accept, ask for changes, cancel. Each asks first. */
export function OrderActions({ view, send }: Props) {
  const canAccept = view.allowed('accept');
  const canReject = view.allowed('reject');
  const canCancel = view.allowed('cancel');
  if (!canAccept && !canReject && !canCancel) return null;
  return (
    <div className={css({ display: 'grid', gap: '2', my: '4' })}>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        {canAccept ? (
          <Button disabled={view.busy} onClick={() => send({ type: 'user.open', action: 'accept' })}>
            Accept the song
          </Button>
        ) : null}
        {canReject ? (
          <Button
            color="secondary"
            disabled={view.busy}
            aria-describedby="revisions-left"
            onClick={() => send({ type: 'user.open', action: 'reject' })}
          >
            Ask for changes
          </Button>
        ) : null}
        {canReject ? (
          <span id="revisions-left" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {view.revisionsLeftText}
          </span>
        ) : null}
        {canCancel ? (
          <Button color="danger" disabled={view.busy} onClick={() => send({ type: 'user.open', action: 'cancel' })}>
            Cancel order
          </Button>
        ) : null}
      </div>
      {view.noRevisionsLeft ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{lifecycleMessages.noRevisionsLeft}</p>
      ) : null}
      <AcceptDialog view={view} send={send} />
      <RejectDialog view={view} send={send} />
      <CancelDialog view={view} send={send} />
    </div>
  );
}

function AcceptDialog({ view, send }: Props) {
  return (
    <ConfirmDialog
      open={view.dialog === 'accept'}
      busy={view.pending === 'accept'}
      title="Accept the song?"
      message="Accepting completes the order. You can rate the song and share it as a gift afterwards."
      confirmLabel="Accept"
      onConfirm={() => send({ type: 'user.submit', action: 'accept' })}
      onCancel={() => send({ type: 'user.close' })}
    />
  );
}

/**
 * Asking for changes takes two steps in one dialog: her notes, then a confirmation that says how many
 * revisions remain after this one. Going back or closing spends nothing and keeps what she typed.
 */
function RejectDialog({ view, send }: Props) {
  const errors = view.errorsOf('reject');
  const open = view.dialog === 'reject';
  const confirming = view.revisionStep === 'confirm';
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const wasConfirming = useRef(false);
  // The step's first words take focus when it changes, so a keyboard or screen reader follows along.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current && open) document.getElementById(notesId)?.focus();
    wasConfirming.current = confirming;
  }, [confirming, open]);
  const sending = view.pending === 'reject';
  return (
    <Modal
      open={open}
      onClose={() => send({ type: 'user.close' })}
      title="Ask for changes"
      description={confirming ? undefined : `Tell the artist what to change. ${view.revisionsLeftText} on this order.`}
      footer={
        confirming ? (
          <>
            <Button color="text" onClick={() => send({ type: 'user.back' })} disabled={sending}>
              Go back
            </Button>
            <Button onClick={() => send({ type: 'user.confirm' })} loading={sending}>
              Send to the artist
            </Button>
          </>
        ) : (
          <>
            <Button color="text" onClick={() => send({ type: 'user.close' })}>
              Keep the song
            </Button>
            <Button type="submit" form="reject-form">
              Continue
            </Button>
          </>
        )
      }
    >
      {confirming ? (
        <div data-testid="revision-confirm">
          <p ref={confirmRef} tabIndex={-1} className={css({ fontWeight: 'semibold', mb: '3' })}>
            {view.revisionConfirmText}
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '1' })}>Your notes for the artist:</p>
          <blockquote
            className={css({ borderLeftWidth: '4px', borderColor: 'brand.500', pl: '3', whiteSpace: 'pre-line' })}
          >
            {view.drafts.reject.reason.trim()}
          </blockquote>
        </div>
      ) : (
        <form
          id="reject-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'user.submit', action: 'reject' });
          }}
        >
          <TextAreaField
            id={notesId}
            label="What should the artist change?"
            value={view.drafts.reject.reason}
            errors={errors.reason}
            hint={revisionNoteRule}
            maxLength={2000}
            required
            onValueChange={(value) => send({ type: 'field.changed', action: 'reject', name: 'reason', value })}
          />
        </form>
      )}
    </Modal>
  );
}

function CancelDialog({ view, send }: Props) {
  const order = view.order;
  const errors = view.errorsOf('cancel');
  if (!order) return null;
  return (
    <Modal
      open={view.dialog === 'cancel'}
      onClose={() => send({ type: 'user.close' })}
      title="Cancel this order?"
      footer={
        <>
          <Button color="text" onClick={() => send({ type: 'user.close' })} disabled={view.pending === 'cancel'}>
            Keep the order
          </Button>
          <Button color="danger" type="submit" form="cancel-form" loading={view.pending === 'cancel'}>
            Cancel order
          </Button>
        </>
      }
    >
      <form
        id="cancel-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'user.submit', action: 'cancel' });
        }}
      >
        <p className={css({ mb: '4' })} data-testid="cancel-refund-note">
          {order.paid_at
            ? `Refund of ${formatPesosWithCentavos(order.price)} will be owed to you: we send it back the way you paid and tell you when it is sent.`
            : 'Nothing has been paid for this order, so there is nothing to refund.'}
        </p>
        <TextAreaField
          label="Why are you cancelling? (optional)"
          value={view.drafts.cancel.reason}
          errors={errors.reason}
          maxLength={500}
          onValueChange={(value) => send({ type: 'field.changed', action: 'cancel', name: 'reason', value })}
        />
      </form>
    </Modal>
  );
}
