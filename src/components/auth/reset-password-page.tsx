import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { UserType } from '../../../contracts/account';
import { useAppActors } from '../../actors/hooks';
import { navigateTo } from '../../actors/navigation';
import { useResetPasswordForm } from '../../actors/use-reset-password-form';
import { AuthCard } from '../layout/simple-page';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/field';

/** /reset-password and /artist/reset-password: the same page (docs/product.md §2), in the link's API area. */
export function ResetPasswordPage({ userType, token, email }: { userType: UserType; token: string; email: string }) {
  const actors = useAppActors();
  const actor = useResetPasswordForm({ userType, token, email });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const incomplete = useSelector(actor, (s) => s.hasTag('linkIncomplete'));
  const linkProblem = [...(errors.token ?? []), ...(errors.email ?? [])][0];
  // A customer asks for a new link in the Forgot Password modal; an artist on their own page.
  const askForNewLink =
    userType === 'artist' ? (
      <Link to="/artist/forgot-password" className={css({ textDecoration: 'underline' })}>
        Ask for a new link
      </Link>
    ) : (
      <button
        type="button"
        className={css({ textDecoration: 'underline', cursor: 'pointer' })}
        onClick={() => {
          navigateTo('/', { replace: true });
          actors.root.send({ type: 'dialog.openForgotPassword' });
        }}
      >
        Ask for a new link
      </button>
    );

  return (
    <AuthCard title="Choose a new password">
      {incomplete ? (
        <div role="alert">
          <p className={css({ mb: '4' })}>
            This reset link is incomplete. Open the link from the email again, or ask for a new one.
          </p>
          <span className={css({ color: 'brand.700' })}>{askForNewLink}</span>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'user.submit' });
          }}
        >
          <p className={css({ color: 'fg.muted', mb: '4' })}>
            For <strong>{email}</strong>
          </p>
          {linkProblem ? (
            <p role="alert" className={css({ bg: 'red.50', color: 'danger.fg', p: '3', borderRadius: 'md', mb: '4' })}>
              {linkProblem} {askForNewLink}
            </p>
          ) : null}
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            errors={errors.password}
            hint="At least 8 characters, with a letter and a number."
            onValueChange={(value) => actor.send({ type: 'field.changed', name: 'password', value })}
          />
          <PasswordField
            label="Confirm new password"
            name="password_confirmation"
            autoComplete="new-password"
            value={values.password_confirmation}
            errors={errors.password_confirmation}
            onValueChange={(value) => actor.send({ type: 'field.changed', name: 'password_confirmation', value })}
          />
          <Button type="submit" block loading={busy}>
            Reset password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
