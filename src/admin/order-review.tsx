import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { formatPesosWithCentavos } from '../../contracts/format';
import { type AdminOrder, revisionNoteRule } from '../../contracts/lifecycle';
import { connectAdminOrderReview } from '../../machines/admin-order-review.connect';
import { allowedEvents } from '../../machines/order-lifecycle';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Modal } from '../components/ui/modal';
import { panel } from './paged-list';
import { useOrderReviewActor } from './review.actors';

/**
 * The admin's actions on an order: only those the lifecycle machine allows an admin now (validate,
 * request a revision, cancel). `onChanged` reloads the order after an action or a refusal.
 */
export function OrderReview({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const actor = useOrderReviewActor(order.id, onChanged);
  const view = useSelector(actor, connectAdminOrderReview);

  const allowed = allowedEvents(order.lifecycle, 'admin');
  const canValidate = allowed.includes('admin_validated');
  const canRequestRevision = allowed.includes('admin_requested_revision');
  const canCancel = allowed.includes('cancelled');
  if (!canValidate && !canRequestRevision && !canCancel) return null;

  const artist = order.artist?.stage_name ?? 'The artist';
  const version = order.recording?.version;
  // Cancelling anything but an unpaid order records a refund of what the customer paid.
  const paid = order.status !== 'awaiting_payment';
  return (
    <div className={`${panel} ${css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', p: '4' })}`}>
      <p className={css({ flex: '1', minW: '12rem' })}>
        {canValidate ? 'This recording is waiting for your validation.' : 'This order can still be cancelled.'}
      </p>
      {canValidate ? (
        <Button color="primary" onClick={() => actor.send({ type: 'user.validate' })}>
          Validate
        </Button>
      ) : null}
      {canRequestRevision ? (
        <Button color="secondary" onClick={() => actor.send({ type: 'user.requestRevision' })}>
          Request revision
        </Button>
      ) : null}
      {canCancel ? (
        <Button color="danger" onClick={() => actor.send({ type: 'user.cancelOrder' })}>
          Cancel order
        </Button>
      ) : null}

      <ConfirmDialog
        open={view.dialog === 'validate'}
        title="Validate recording"
        message={`Validate ${version ? `version ${version} of ` : ''}the recording for ${order.reference}? It is delivered to the customer right away.`}
        confirmLabel="Validate"
        busy={view.busy}
        onCancel={() => actor.send({ type: 'user.dismiss' })}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />

      <Modal
        open={view.dialog === 'revision'}
        onClose={() => actor.send({ type: 'user.dismiss' })}
        title="Request a revision"
        description={`${artist} reads these notes with the order and submits a new recording.`}
        staticBackdrop={view.busy}
        footer={
          <>
            <Button color="text" onClick={() => actor.send({ type: 'user.dismiss' })} disabled={view.busy}>
              Cancel
            </Button>
            <Button color="primary" type="submit" form="revision-form" loading={view.busy}>
              Send to revision
            </Button>
          </>
        }
      >
        <form
          id="revision-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Notes for the artist"
            name="notes"
            value={view.notes}
            errors={view.errorsOf('notes')}
            hint={revisionNoteRule}
            maxLength={2000}
            onValueChange={(value) => actor.send({ type: 'notes.changed', value })}
          />
        </form>
      </Modal>

      <Modal
        open={view.dialog === 'cancel'}
        role="alertdialog"
        onClose={() => actor.send({ type: 'user.dismiss' })}
        title="Cancel order"
        description={`Cancel ${order.reference}? The customer and the artists are told.${
          paid ? ` A refund of ${formatPesosWithCentavos(order.price)} is recorded.` : ''
        }`}
        staticBackdrop={view.busy}
        footer={
          <>
            <Button color="text" onClick={() => actor.send({ type: 'user.dismiss' })} disabled={view.busy}>
              Keep order
            </Button>
            <Button color="danger" type="submit" form="cancel-form" loading={view.busy}>
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
            actor.send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Reason (optional)"
            name="reason"
            value={view.reason}
            errors={view.errorsOf('reason')}
            hint="Up to 500 characters."
            onValueChange={(value) => actor.send({ type: 'reason.changed', value })}
          />
        </form>
      </Modal>
    </div>
  );
}
