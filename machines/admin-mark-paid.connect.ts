// View model of the mark-paid dialog on the payouts page.
import type { SnapshotFrom } from 'xstate';
import type { adminMarkPaidMachine } from './admin-mark-paid.machine';

export function connectAdminMarkPaid(snapshot: SnapshotFrom<typeof adminMarkPaidMachine>) {
  const { payoutId, reference, errors } = snapshot.context;
  const open = snapshot.hasTag('dialogOpen');
  return {
    /** The payout whose dialog is open, or null. */
    openFor: open ? payoutId : null,
    busy: snapshot.hasTag('busy'),
    reference,
    errorsOf: (name: string): string[] => errors[name] ?? [],
  };
}
