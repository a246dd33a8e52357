// View model of the Forgot Password modal: the form, or the confirmation that replaces it.
import type { SnapshotFrom } from 'xstate';
import type { forgotPasswordFormMachine } from './forgot-password-form.machine';

export function connectForgotPasswordForm(snapshot: SnapshotFrom<typeof forgotPasswordFormMachine>) {
  return {
    email: snapshot.context.email,
    emailError: snapshot.context.errors.email?.[0],
    busy: snapshot.hasTag('busy'),
    /** The Send button (docs/product.md §5: disabled when errors exist or the email is empty). */
    canSend: snapshot.can({ type: 'user.submit' }),
    showConfirmation: snapshot.hasTag('sent'),
  };
}
