import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ApplicationDetail } from '../../contracts/artist';
import { TextAreaField } from '../components/artist-application/text-area-field';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Modal } from '../components/ui/modal';
import { useApplicationReviewActor } from './review.actors';

/** Approve or reject an application waiting for review; nothing to do for the others. */
export function ApplicationReview({ application }: { application: ApplicationDetail }) {
  const actor = useApplicationReviewActor(application.id);
  const confirmingApproval = useSelector(actor, (s) => s.matches('confirmingApproval') || s.matches('approving'));
  const approving = useSelector(actor, (s) => s.matches('approving'));
  const rejecting = useSelector(actor, (s) => s.matches('rejecting'));
  const rejectBusy = useSelector(actor, (s) => s.matches({ rejecting: 'submitting' }));
  const reason = useSelector(actor, (s) => s.context.reason);
  const reasonErrors = useSelector(actor, (s) => s.context.errors.reason);

  if (application.app_status !== 'for_review') return null;
  const who = application.stage_name ?? application.full_name;
  return (
    <div
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '3',
        bg: 'white',
        borderRadius: 'lg',
        boxShadow: 'sm',
        p: '4',
      })}
    >
      <p className={css({ flex: '1', minW: '12rem' })}>This application is waiting for your review.</p>
      <Button color="primary" onClick={() => actor.send({ type: 'user.approve' })}>
        Approve
      </Button>
      <Button color="danger" onClick={() => actor.send({ type: 'user.reject' })}>
        Reject
      </Button>

      <ConfirmDialog
        open={confirmingApproval}
        title="Approve application"
        message={`Approve ${who}? They will be told by a notification and can start taking song orders.`}
        confirmLabel="Approve"
        busy={approving}
        onCancel={() => actor.send({ type: 'user.cancel' })}
        onConfirm={() => actor.send({ type: 'user.confirm' })}
      />

      <Modal
        open={rejecting}
        onClose={() => actor.send({ type: 'user.cancel' })}
        title="Reject application"
        description={`Tell ${who} why. They see this reason and may edit and resubmit their application.`}
        staticBackdrop={rejectBusy}
        footer={
          <>
            <Button color="text" onClick={() => actor.send({ type: 'user.cancel' })} disabled={rejectBusy}>
              Cancel
            </Button>
            <Button color="danger" type="submit" form="reject-form" loading={rejectBusy}>
              Reject application
            </Button>
          </>
        }
      >
        <form
          id="reject-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.confirm' });
          }}
        >
          <TextAreaField
            label="Reason"
            name="reason"
            value={reason}
            errors={reasonErrors}
            hint="At least 10 characters."
            onValueChange={(value) => actor.send({ type: 'reason.changed', value })}
          />
        </form>
      </Modal>
    </div>
  );
}
