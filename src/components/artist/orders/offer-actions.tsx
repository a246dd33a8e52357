import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ArtistOrder } from '../../../../contracts/lifecycle';
import { useOfferActions } from '../../../actors/use-offer-actions';
import { TextAreaField } from '../../artist-application/text-area-field';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';
import { orderTitle } from './format';

/**
 * Accept (after a confirmation) or decline (with a reason) an offer. Either way the list is reloaded
 * afterwards, also when the server refused because the offer closed meanwhile.
 */
export function OfferActions({ order, onChanged }: { order: ArtistOrder; onChanged: () => void }) {
  const title = orderTitle(order);
  // The modal's visibility is view state; the reason, its errors and the call live in the form machine,
  // so a closed and reopened modal still shows what was typed.
  const [declineOpen, setDeclineOpen] = useState(false);
  const { accept, decline } = useOfferActions(order.id, { onChanged, onDeclineFinished: () => setDeclineOpen(false) });
  const confirming = useSelector(accept, (s) => s.hasTag('confirming'));
  const accepting = useSelector(accept, (s) => s.hasTag('busy'));

  const reason = useSelector(decline, (s) => s.context.values.reason ?? '');
  const reasonErrors = useSelector(decline, (s) => s.context.errors.reason);
  const declining = useSelector(decline, (s) => s.hasTag('busy'));
  const formId = `decline-${order.id}`;

  return (
    <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
      <Button color="primary" onClick={() => accept.send({ type: 'user.request' })} disabled={declining}>
        Accept
      </Button>
      <Button color="secondary" onClick={() => setDeclineOpen(true)} disabled={accepting}>
        Decline
      </Button>

      <ConfirmDialog
        open={confirming}
        title="Accept this order?"
        message={`${title} (${order.reference}) becomes yours to make, and the other artists' offers close.`}
        confirmLabel="Accept order"
        busy={accepting}
        onConfirm={() => accept.send({ type: 'user.confirm' })}
        onCancel={() => accept.send({ type: 'user.cancel' })}
      />

      <Modal
        open={declineOpen}
        onClose={() => setDeclineOpen(false)}
        title="Decline this order"
        description={`${title} · ${order.reference}. Tell us why; the customer may choose another artist.`}
        staticBackdrop={declining}
        footer={
          <>
            <Button color="text" onClick={() => setDeclineOpen(false)} disabled={declining}>
              Cancel
            </Button>
            <Button color="danger" type="submit" form={formId} loading={declining}>
              Decline order
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          aria-label="Decline this order"
          onSubmit={(e) => {
            e.preventDefault();
            decline.send({ type: 'user.submit' });
          }}
        >
          <TextAreaField
            label="Reason"
            name="reason"
            required
            value={reason}
            errors={reasonErrors}
            maxLength={500}
            onValueChange={(value) => decline.send({ type: 'field.changed', name: 'reason', value })}
          />
        </form>
      </Modal>
    </div>
  );
}
