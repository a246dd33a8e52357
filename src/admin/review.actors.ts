import { useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ApplicationDetail } from '../../contracts/artist';
import {
  adminOrderReviewMachine,
  type CancelCallInput,
  type OrderActionAnswer,
  type OrderCallInput,
  type RevisionCallInput,
} from '../../machines/admin-order-review.machine';
import {
  applicationReviewMachine,
  type RejectCallInput,
  type ReviewCallInput,
} from '../../machines/application-review.machine';
import { useResource } from '../actors/use-resource';
import { isApiError } from '../api/errors';
import { notify } from '../components/ui/toaster';
import { getAdminActors } from './admin-actors';
import { getAdminOrdersApi } from './orders.api';

// The actors behind the admin's order page and its reviews (the views only read them and send events).

/** /admin/orders/$id: the whole order, read again on `reload`. */
export function useAdminOrder(id: number) {
  return useResource(() => getAdminOrdersApi().order(id), String(id));
}

/** Validate, request a revision or cancel an order; `onChanged` reloads it after an action or a refusal. */
export function useOrderReviewActor(orderId: number, onChanged: () => void) {
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const machine = useMemo(() => {
    const api = getAdminOrdersApi();
    return adminOrderReviewMachine.provide({
      actors: {
        validateOrder: fromPromise<OrderActionAnswer, OrderCallInput>(({ input }) => api.validate(input.orderId)),
        requestRevision: fromPromise<OrderActionAnswer, RevisionCallInput>(({ input }) =>
          api.requestRevision(input.orderId, input.notes),
        ),
        cancelOrder: fromPromise<OrderActionAnswer, CancelCallInput>(({ input }) =>
          api.cancel(input.orderId, input.reason),
        ),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        reload: () => changedRef.current(),
      },
    });
  }, []);
  return useActorRef(machine, { input: { orderId } });
}

/**
 * /admin/applications/$id's loader: the application, or an Error whose message the error page shows as
 * it is (the server's, or that the application does not exist).
 */
export async function loadApplication(id: number): Promise<ApplicationDetail> {
  try {
    return await getAdminActors().api.application(id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new Error('This application does not exist.');
    throw isApiError(error) ? new Error(error.message) : error;
  }
}

/** Approve or reject an application; the page reads it again after a decision. */
export function useApplicationReviewActor(id: number) {
  const router = useRouter();
  const machine = useMemo(() => {
    const { api } = getAdminActors();
    return applicationReviewMachine.provide({
      actors: {
        approveApplication: fromPromise(({ input }: { input: ReviewCallInput }) => api.approve(input.id)),
        rejectApplication: fromPromise(({ input }: { input: RejectCallInput }) => api.reject(input.id, input.reason)),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
        reload: () => void router.invalidate(),
      },
    });
  }, [router]);
  return useActorRef(machine, { input: { id } });
}
