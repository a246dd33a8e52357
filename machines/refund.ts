// Pure helpers over refundMachine for the server: a refund's state is rebuilt from its stored status,
// the machine decides, and the decision's actions are what the server then carries out.
import { transition } from 'xstate';
import { type RefundEvent, type RefundState, refundMachine } from './refund.machine';

export type { RefundEvent, RefundState } from './refund.machine';

/**
 * refunds.status as stored. A sent refund is stored `paid` (the word since migration 0005, kept so that
 * every query and report written against it stays right); this is the one place that maps the two.
 */
export type StoredRefundStatus = 'owed' | 'paid' | 'failed';

export const refundStateOf = (stored: StoredRefundStatus): RefundState => (stored === 'paid' ? 'sent' : stored);
export const storedStatusOf = (state: RefundState): StoredRefundStatus => (state === 'sent' ? 'paid' : state);

export type RefundEffect = 'tellOwed' | 'tellSent' | 'tellFailed' | 'alertAdmins';

export type RefundDecision =
  | { ok: true; to: RefundState; effects: RefundEffect[] }
  /** The state does not take the event (a sent refund marked failed, a refund sent twice): a 409. */
  | { ok: false };

/** What the machine says about `event` for a refund in `from` (`new`: being recorded). */
export function decideRefund(from: RefundState | 'new', event: RefundEvent): RefundDecision {
  const snapshot = refundMachine.resolveState({ value: from });
  if (!snapshot.can(event)) return { ok: false };
  const [next, actions] = transition(refundMachine, snapshot, event);
  return { ok: true, to: next.value as RefundState, effects: actions.map((a) => a.type as RefundEffect) };
}
