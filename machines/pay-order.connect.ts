import type { SnapshotFrom } from 'xstate';
import { chargeRuleText } from '../contracts/order';
import type { payOrderMachine } from './pay-order.machine';

/** The pay-again page's view: the methods, the choice, what is allowed now. */
export function connectPayOrder(snapshot: SnapshotFrom<typeof payOrderMachine>) {
  const { context } = snapshot;
  return {
    state: snapshot.value as string,
    loading: snapshot.matches('loading'),
    choosing: snapshot.matches('choosing') || snapshot.matches('starting'),
    busy: snapshot.hasTag('busy'),
    leaving: snapshot.matches('leaving'),
    notPayable: snapshot.matches('notPayable'),
    missing: snapshot.matches('missing'),
    loadFailed: snapshot.matches('loadFailed'),
    methods: context.methods,
    method: context.method,
    error: context.error,
    orderReference: context.payment?.order_reference ?? null,
    /** The price rule, said before paying (null until loaded). */
    chargeRule: context.payment ? chargeRuleText(context.payment.amount, context.payment.artist_rates) : null,
    canPay: snapshot.can({ type: 'user.pay' }),
  };
}
