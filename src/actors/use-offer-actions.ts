import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { issuesToFieldErrors } from '../../contracts/auth';
import type { ApiSuccess } from '../../contracts/http';
import { declineSchema, lifecycleMessages } from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import { confirmActionMachine } from '../../machines/confirm-action.machine';
import { editFormMachine } from '../../machines/edit-form.machine';
import { artistOrdersApi } from '../api/artist-orders.api';
import type { ApiError } from '../api/errors';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

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
 * An offer's Accept (confirmation machine) and Decline (form machine with the reason). Either way
 * `onChanged` reloads the list, also when the server refused because the offer closed meanwhile;
 * `onDeclineFinished` closes the decline modal.
 */
export function useOfferActions(orderId: number, on: { onChanged: () => void; onDeclineFinished: () => void }) {
  const { api } = useAppActors();
  const orders = () => artistOrdersApi(api.for('artist'));
  const accept = useActorRef(
    confirmActionMachine.provide({
      // The confirmation is part of the call: the live change that takes the offer out of the list
      // can arrive before the answer does and stop this actor, and the artist must still hear it.
      actors: {
        runAction: fromPromise<unknown>(async () => {
          const answer = await orders().accept(orderId);
          notify.success(messageOf(answer, lifecycleMessages.accepted));
          return answer;
        }),
      },
      actions: {
        onDone: () => on.onChanged(),
        showErrorToast: (_, p) => {
          notify.error(p.message);
          on.onChanged();
        },
      },
    }),
  );
  const decline = useActorRef(
    editFormMachine.provide({
      actors: {
        submitForm: fromPromise(async ({ input }) => {
          const answer = await orders().decline(orderId, checkedReason(input.reason ?? ''));
          notify.success(messageOf(answer, lifecycleMessages.declined));
          return answer;
        }),
      },
      actions: {
        onSaved: () => {
          on.onDeclineFinished();
          on.onChanged();
        },
        showErrorToast: (_, p) => {
          on.onDeclineFinished();
          notify.error(p.message);
          on.onChanged();
        },
      },
    }),
    { input: { values: { reason: '' } } },
  );
  return { accept, decline };
}
