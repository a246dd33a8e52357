// View model of an admin's actions on one order: which dialog is open, whether it is busy, the fields.
import type { SnapshotFrom } from 'xstate';
import type { adminOrderReviewMachine } from './admin-order-review.machine';

export type ReviewDialog = 'validate' | 'revision' | 'cancel' | null;

export function connectAdminOrderReview(snapshot: SnapshotFrom<typeof adminOrderReviewMachine>) {
  const { notes, reason, errors } = snapshot.context;
  const dialog: ReviewDialog =
    snapshot.matches('confirmingValidation') || snapshot.matches('validating')
      ? 'validate'
      : snapshot.matches('revising')
        ? 'revision'
        : snapshot.matches('cancelling')
          ? 'cancel'
          : null;
  return {
    dialog,
    busy: snapshot.hasTag('busy'),
    notes,
    reason,
    errorsOf: (name: string): string[] => errors[name] ?? [],
  };
}
