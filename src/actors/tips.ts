// Wiring of "Tip the artist" (machines/tip.machine.ts) to the real API and the browser. The view only
// reads and sends.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { tipMachine } from '../../machines/tip.machine';
import { paymentsApi } from '../api/payments.api';
import { tipsApi } from '../api/tips.api';
import { useAppActors } from './hooks';

export function useTip(orderId: number) {
  const { api } = useAppActors();
  const machine = useMemo(() => {
    const http = () => api.for('user');
    return tipMachine.provide({
      actors: {
        loadTips: fromPromise(async ({ input }) => {
          const [tips, options] = await Promise.all([
            tipsApi(http()).list(input.orderId),
            paymentsApi(http()).options(),
          ]);
          return { tips, methods: options.payment_methods };
        }),
        startTip: fromPromise(({ input }) => tipsApi(http()).start(input.orderId, input.amount, input.paymentMethod)),
      },
      actions: {
        leaveForPayment: (_, p) => window.location.assign(p.url),
        focusFirstError: () =>
          requestAnimationFrame(() => document.querySelector<HTMLElement>('#tip-form [aria-invalid="true"]')?.focus()),
      },
    });
  }, [api]);
  const actor = useActorRef(machine, { input: { orderId } });
  const snapshot = useSelector(actor, (s) => s);
  return {
    view: {
      loading: snapshot.matches('loading'),
      canTip: snapshot.matches('choosing') || snapshot.matches('starting') || snapshot.matches('leaving'),
      busy: snapshot.hasTag('busy'),
      loadFailed: snapshot.matches('loadFailed'),
      tips: snapshot.context.tips?.items ?? [],
      methods: snapshot.context.methods,
      amount: snapshot.context.amount,
      method: snapshot.context.method,
      errors: snapshot.context.errors,
      error: snapshot.context.error,
    },
    send: actor.send,
  };
}
