// Wiring of the money flows to the real API and the browser: the result page, paying an order again,
// revealing a payout destination and moving refunds (sent, failed, retried). Views call these hooks and only read and
// send; the machines stay pure (machines/*.machine.ts).
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { AdminRefund } from '../../contracts/lifecycle';
import { connectAdminRefundAction } from '../../machines/admin-refund-action.connect';
import {
  adminRefundActionMachine,
  type RefundMoveAnswer,
  type RefundMoveInput,
} from '../../machines/admin-refund-action.machine';
import { connectPayOrder } from '../../machines/pay-order.connect';
import { payOrderMachine } from '../../machines/pay-order.machine';
import { connectPaymentResult } from '../../machines/payment-result.connect';
import { type CheckoutPage, paymentResultMachine } from '../../machines/payment-result.machine';
import { payoutRevealMachine } from '../../machines/payout-reveal.machine';
import { getAdminMoneyApi, type RefundStatus } from '../admin/money.api';
import { useAdminList } from '../admin/paged-list';
import { paymentsApi } from '../api/payments.api';
import { notify } from '../components/ui/toaster';
import { useAppActors } from './hooks';

/** /checkout/{page}?order=: the order's real payment state, confirming while the postback is on its way. */
export function usePaymentResult(orderId: number | null, page: CheckoutPage) {
  const { api } = useAppActors();
  const machine = useMemo(
    () =>
      paymentResultMachine.provide({
        actors: {
          loadPaymentState: fromPromise(({ input }) => paymentsApi(api.for('user')).paymentState(input.orderId)),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { orderId, page } });
  return { view: useSelector(actor, connectPaymentResult), send: actor.send };
}

/** /pay/{orderId}: the methods of GET /options and a new checkout for the order. */
export function usePayOrder(orderId: number) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const payments = () => paymentsApi(api.for('user'));
    return payOrderMachine.provide({
      actors: {
        loadPayOptions: fromPromise(async ({ input }) => {
          const [options, payment] = await Promise.all([payments().options(), payments().paymentState(input.orderId)]);
          return { methods: options.payment_methods, payment };
        }),
        startCheckout: fromPromise(({ input }) => payments().checkout(input.orderId, input.paymentMethod)),
      },
      actions: {
        leaveForPayment: (_, p) => window.location.assign(p.url),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    });
  }, [api]);
  const actor = useActorRef(machine, { input: { orderId } });
  return { view: useSelector(actor, connectPayOrder), send: actor.send };
}

/** One payout row's "Show full account": the server records the reveal; `onRevealed` adds it to the row. */
export function usePayoutReveal(payoutId: number, onRevealed: (at: string) => void) {
  const machine = useMemo(
    () =>
      payoutRevealMachine.provide({
        actors: { revealPayout: fromPromise(({ input }) => getAdminMoneyApi().revealPayout(input.payoutId)) },
        actions: { recordReveal: (_, p) => onRevealed(p.at) },
      }),
    [onRevealed],
  );
  const actor = useActorRef(machine, { input: { payoutId } });
  const snapshot = useSelector(actor, (s) => s);
  return {
    destination: snapshot.context.destination,
    error: snapshot.context.error,
    busy: snapshot.hasTag('busy'),
    shown: snapshot.matches('shown'),
    send: actor.send,
  };
}

/** The refunds page's moves (mark sent, mark failed, retry): the server's refund machine decides each. */
export function useRefundActions(removeRefund: (id: number) => void) {
  const machine = useMemo(
    () =>
      adminRefundActionMachine.provide({
        actors: {
          moveRefund: fromPromise<RefundMoveAnswer, RefundMoveInput>(({ input }) =>
            getAdminMoneyApi().moveRefund(input.id, input.move, input.body),
          ),
        },
        actions: {
          showSuccessToast: (_, p) => notify.success(p.message),
          showErrorToast: (_, p) => notify.error(p.message),
          removeRefund: (_, p) => removeRefund(p.id),
        },
      }),
    [removeRefund],
  );
  const actor = useActorRef(machine);
  return { actions: useSelector(actor, connectAdminRefundAction), send: actor.send };
}

/** The admin's refunds in one state (owed and failed oldest first, sent newest first), paged. */
export function useRefundsList(status: RefundStatus) {
  return useAdminList<AdminRefund>(
    (query, cursor) => getAdminMoneyApi().refunds({ status: query.status as RefundStatus, cursor }),
    { status },
    { kinds: ['refund', 'order'] },
  );
}
