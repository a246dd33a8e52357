// View model of the refunds page's moves (mark sent, mark failed, retry).
import type { SnapshotFrom } from 'xstate';
import type { adminRefundActionMachine } from './admin-refund-action.machine';

export function connectAdminRefundAction(snapshot: SnapshotFrom<typeof adminRefundActionMachine>) {
  const { refundId, move, values, errors } = snapshot.context;
  const open = snapshot.hasTag('dialogOpen');
  return {
    /** The refund whose dialog is open, or null. */
    openFor: open ? refundId : null,
    /** Which dialog: "sent" (method and reference) or "failed" (reason). */
    move,
    busy: snapshot.hasTag('busy'),
    /** The refund being put back to owed (its Retry button is busy). */
    retrying: snapshot.matches('retrying') ? refundId : null,
    values,
    errorsOf: (name: string): string[] => errors[name] ?? [],
  };
}
