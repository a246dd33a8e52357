// Pure helpers over tipPaymentMachine for the server: a tip's state is rebuilt from its stored status,
// the machine decides, and the decision's actions are what the server then writes.
import { transition } from 'xstate';
import type { PaymentStatus } from '../contracts/order';
import type { TipStatus } from '../contracts/tips';
import { type TipPaymentEvent, tipPaymentMachine } from './tip-payment.machine';

export type TipEffect = 'creditArtist' | 'holdTip';

export type TipDecision =
  | { ok: true; to: TipStatus; changed: boolean; effects: TipEffect[] }
  /** The state does not take the event: nothing changes (a late, repeated or out-of-order callback). */
  | { ok: false; reason: string };

/** The tip event a provider's status (already translated to ours) stands for; null for one tips never take. */
export function tipProviderEvent(status: PaymentStatus, amountMatches: boolean): TipPaymentEvent | null {
  if (status === 'pending') return { type: 'provider.pending' };
  if (status === 'succeeded') return { type: 'provider.succeeded', amountMatches };
  if (status === 'failed') return { type: 'provider.failed' };
  if (status === 'cancelled') return { type: 'provider.cancelled' };
  return null;
}

/** What the machine says about `event` for a tip in `status`. */
export function decideTip(status: TipStatus, event: TipPaymentEvent): TipDecision {
  const snapshot = tipPaymentMachine.resolveState({ value: status });
  if (!snapshot.can(event)) return { ok: false, reason: `${event.type} in ${status}` };
  const [next, actions] = transition(tipPaymentMachine, snapshot, event);
  const effects = actions
    .map((a) => a.type)
    .filter((type): type is TipEffect => type === 'creditArtist' || type === 'holdTip');
  const to = next.value as TipStatus;
  return { ok: true, to, changed: to !== status, effects };
}
