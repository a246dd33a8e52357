import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { connectCustomerOrder } from '../../machines/customer-order.connect';
import { customerOrderMachine } from '../../machines/customer-order.machine';
import { customerOrdersApi } from '../api/customer-orders.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';
import { useLiveScreen } from './live';

/** The order page's machine with the real API and toasts; `view` is its view model. */
export function useCustomerOrder(orderId: number) {
  const { api, root } = useAppActors();
  const machine = useMemo(() => {
    const orders = () => customerOrdersApi(api.for('user'));
    return customerOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }) => orders().order(input.orderId)),
        runAction: fromPromise(({ input }) => orders().act(input.orderId, input.action, input.body)),
      },
      actions: {
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    });
  }, [api]);
  const actor = useActorRef(machine, { input: { orderId } });
  const view = useSelector(actor, connectCustomerOrder);
  // An artist accepting, the team validating, a refund: the open page follows (by id, or by the
  // reference a notification names).
  const reference = view.order?.reference ?? null;
  useLiveScreen(root, actor, {
    watch: { kinds: ['order', 'offer', 'refund'], orderId, reference },
    onChange: { type: 'live.changed' },
  });
  return { view, send: actor.send };
}

export type CustomerOrderSend = ReturnType<typeof useCustomerOrder>['send'];
