import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { issuesToFieldErrors } from '../../../../contracts/auth';
import type { ApiSuccess } from '../../../../contracts/http';
import { type ArtistOrder, declineSchema, lifecycleMessages } from '../../../../contracts/lifecycle';
import { serverMessages } from '../../../../contracts/messages';
import { confirmActionMachine } from '../../../../machines/confirm-action.machine';
import { editFormMachine } from '../../../../machines/edit-form.machine';
import { useAppActors } from '../../../actors/hooks';
import { artistOrdersApi } from '../../../api/artist-orders.api';
import type { ApiError } from '../../../api/errors';
import { TextAreaField } from '../../artist-application/text-area-field';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Modal } from '../../ui/modal';
import { notify } from '../../ui/toaster';
import { orderTitle } from './format';

const messageOf = (output: unknown, fallback: string) => {
  const message = (output as Partial<ApiSuccess<unknown>> | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
};

/** declineSchema checked before sending: an empty reason is refused like the server would (422 shape). */
function checkedReason(reason: string): string {
  const result = v.safeParse(declineSchema, { reason });
  if (result.success) return result.output.reason;
  const error: ApiError = {
    status: 422,
    message: serverMessages.validationFailed,
    errors: issuesToFieldErrors(result.issues),
  };
  throw error;
}

/**
 * Accept (after a confirmation) or decline (with a reason) an offer. Either way the list is reloaded
 * afterwards, also when the server refused because the offer closed meanwhile.
 */
export function OfferActions({ order, onChanged }: { order: ArtistOrder; onChanged: () => void }) {
  const { api } = useAppActors();
  const orders = () => artistOrdersApi(api.for('artist'));
  const title = orderTitle(order);

  const accept = useActorRef(
    confirmActionMachine.provide({
      actors: { runAction: fromPromise<unknown>(() => orders().accept(order.id)) },
      actions: {
        onDone: (_, p) => {
          notify.success(messageOf(p.output, lifecycleMessages.accepted));
          onChanged();
        },
        showErrorToast: (_, p) => {
          notify.error(p.message);
          onChanged();
        },
      },
    }),
  );
  const confirming = useSelector(accept, (s) => s.hasTag('confirming'));
  const accepting = useSelector(accept, (s) => s.hasTag('busy'));

  // The modal's visibility is view state; the reason, its errors and the call live in the form machine,
  // so a closed and reopened modal still shows what was typed.
  const [declineOpen, setDeclineOpen] = useState(false);
  const decline = useActorRef(
    editFormMachine.provide({
      actors: {
        submitForm: fromPromise(({ input }) => orders().decline(order.id, checkedReason(input.reason ?? ''))),
      },
      actions: {
        onSaved: (_, p) => {
          setDeclineOpen(false);
          notify.success(messageOf(p.output, lifecycleMessages.declined));
          onChanged();
        },
        showErrorToast: (_, p) => {
          setDeclineOpen(false);
          notify.error(p.message);
          onChanged();
        },
      },
    }),
    { input: { values: { reason: '' } } },
  );
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
