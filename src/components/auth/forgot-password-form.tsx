import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import { connectForgotPasswordForm } from '../../../machines/forgot-password-form.connect';
import type { forgotPasswordFormMachine } from '../../../machines/forgot-password-form.machine';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';

export type ForgotPasswordFormActor = ActorRefFrom<typeof forgotPasswordFormMachine>;

/** docs/product.md §4/§5 forgot password: the email form, replaced by a confirmation once sent. */
export function ForgotPasswordForm({ actor }: { actor: ForgotPasswordFormActor }) {
  const { email, emailError, busy, canSend, showConfirmation: sent } = useSelector(actor, connectForgotPasswordForm);

  if (sent) {
    return (
      <div role="status" className={css({ textAlign: 'center', py: '4' })} data-testid="forgot-password-sent">
        <p className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' })}>Check your email</p>
        <p className={css({ color: 'fg.muted' })}>
          If an account exists for <strong>{email}</strong>, we have sent a link to reset the password. The link works
          once and expires in one hour.
        </p>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <p className={css({ color: 'fg.muted', mb: '4' })}>
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        errors={emailError ? [emailError] : undefined}
        onValueChange={(value) => actor.send({ type: 'field.changed', name: 'email', value })}
      />
      <Button type="submit" block disabled={!canSend} loading={busy}>
        Send
      </Button>
    </form>
  );
}
