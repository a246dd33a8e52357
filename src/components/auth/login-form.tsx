import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ActorRefFrom } from 'xstate';
import { connectLoginForm } from '../../../machines/login-form.connect';
import type { loginFormMachine } from '../../../machines/login-form.machine';
import { Button } from '../ui/button';
import { PasswordField, TextField } from '../ui/field';
import { useFocusFirstInvalid } from '../ui/use-focus-first-invalid';

export type LoginFormActor = ActorRefFrom<typeof loginFormMachine>;

/** The login fields of docs/product.md §3; shared by the Account Login modal and the artist login page. */
export function LoginForm({
  actor,
  submitLabel,
  forgotLink,
  footer,
}: {
  actor: LoginFormActor;
  submitLabel: string;
  forgotLink: ReactNode;
  footer?: ReactNode;
}) {
  const view = useSelector(actor, connectLoginForm);
  const { values, busy } = view;
  const formRef = useFocusFirstInvalid<HTMLFormElement>(useSelector(actor, (s) => s.context.errors));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        errors={view.errorsOf('email')}
        onValueChange={(value) => actor.send({ type: 'field.changed', name: 'email', value })}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        errors={view.errorsOf('password')}
        visible={view.passwordInputType === 'text'}
        onToggleVisibility={() => actor.send({ type: 'password.toggleVisibility' })}
        onValueChange={(value) => actor.send({ type: 'field.changed', name: 'password', value })}
      />
      <div
        className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: '5', gap: '3' })}
      >
        <label
          className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' })}
        >
          <input
            type="checkbox"
            name="remember"
            checked={values.remember}
            onChange={(e) => actor.send({ type: 'field.changed', name: 'remember', value: e.target.checked })}
            className={css({ w: '4', h: '4', accentColor: 'brand.600' })}
          />
          Remember me
        </label>
        {forgotLink}
      </div>
      <Button type="submit" block loading={busy}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
