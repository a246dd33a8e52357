import type { SnapshotFrom } from 'xstate';
import { formatPesosWithCentavos } from '../contracts/format';
import { chargeRuleText, type OrderPaymentState, occasions } from '../contracts/order';
import type { payOrderMachine } from './pay-order.machine';

/** What is being paid for: the amount, the order, who the song is for and which artists are offered. */
export function paymentSummaryOf(payment: OrderPaymentState) {
  const occasion = occasions.find((o) => o.value === payment.occasion_name)?.display ?? payment.occasion_name;
  return {
    amount: formatPesosWithCentavos(payment.amount),
    reference: payment.order_reference,
    song: `${occasion} song for ${payment.recipient_first_name}`,
    artists: payment.artist_names,
  };
}

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
    /** What is being paid for (null until loaded). */
    summary: context.payment ? paymentSummaryOf(context.payment) : null,
    /** The price rule, said before paying (null until loaded). */
    chargeRule: context.payment
      ? chargeRuleText(context.payment.amount, context.payment.artist_rates, context.payment.add_ons)
      : null,
    canPay: snapshot.can({ type: 'user.pay' }),
  };
}
