// /admin/payments wired to the API: the paged list and the decision dialog's machine. The page only
// reads and sends.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { SnapshotFrom } from 'xstate';
import { fromPromise } from 'xstate';
import type { AdminPaymentException } from '../../contracts/payment-exceptions';
import {
  paymentExceptionMachine,
  type ResolveAnswer,
  type ResolveInput,
} from '../../machines/payment-exception.machine';
import { notify } from '../components/ui/toaster';
import { useAdminList } from './paged-list';
import { getPaymentExceptionsApi, type PaymentExceptionStatus } from './payment-exceptions.api';

/** One tab of payments to decide (open oldest first) or decided (newest first); money moving refreshes it. */
export function usePaymentExceptions(status: PaymentExceptionStatus) {
  return useAdminList<AdminPaymentException>(
    (query, cursor) => getPaymentExceptionsApi().list({ status: query.status as PaymentExceptionStatus, cursor }),
    { status },
    { kinds: ['order', 'refund'] },
  );
}

/** What the dialog shows of the machine. */
function connectDecision(snapshot: SnapshotFrom<typeof paymentExceptionMachine>) {
  const { exceptionId, action, note, errors } = snapshot.context;
  return {
    /** The exception whose dialog is open, or null. */
    openFor: snapshot.hasTag('dialogOpen') ? exceptionId : null,
    action,
    busy: snapshot.hasTag('busy'),
    note,
    errorsOf: (name: string): string[] => errors[name] ?? [],
  };
}

/** The "Accept as payment" / "Refund it" dialog; a decision (or a refusal) refreshes the list. */
export function usePaymentDecision(refreshList: () => void) {
  const machine = useMemo(
    () =>
      paymentExceptionMachine.provide({
        actors: {
          resolve: fromPromise<ResolveAnswer, ResolveInput>(({ input }) => getPaymentExceptionsApi().resolve(input)),
        },
        actions: {
          showSuccessToast: (_, p) => notify.success(p.message),
          showErrorToast: (_, p) => notify.error(p.message),
          refreshList: () => refreshList(),
        },
      }),
    [refreshList],
  );
  const actor = useActorRef(machine);
  return { dialog: useSelector(actor, connectDecision), send: actor.send };
}
