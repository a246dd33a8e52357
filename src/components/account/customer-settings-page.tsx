import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { useCustomerPasswordForm, useDeactivateAccount } from '../../actors/account-settings';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { PasswordField } from '../ui/field';
import { MailPreferencesSection } from './mail-preferences';

export function CustomerSettingsPage() {
  const password = useCustomerPasswordForm();
  const values = useSelector(password, (s) => s.context.values);
  const errors = useSelector(password, (s) => s.context.errors);
  const busy = useSelector(password, (s) => s.hasTag('busy'));
  const set = (name: string) => (value: string) => password.send({ type: 'field.changed', name, value });

  const deactivate = useDeactivateAccount('user');
  const confirming = useSelector(deactivate, (s) => s.hasTag('confirming'));
  const deactivating = useSelector(deactivate, (s) => s.hasTag('busy'));

  return (
    <div className={css({ display: 'grid', gap: '8', maxW: '32rem' })}>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Change password
        </h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            password.send({ type: 'user.submit' });
          }}
        >
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={values.current_password ?? ''}
            errors={errors.current_password}
            onValueChange={set('current_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={values.password ?? ''}
            errors={errors.password}
            hint="At least 8 characters, with a letter and a number."
            onValueChange={set('password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={values.password_confirmation ?? ''}
            errors={errors.password_confirmation}
            onValueChange={set('password_confirmation')}
          />
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </form>
      </section>
      <MailPreferencesSection area="user" />
      <section
        aria-labelledby="deactivate-heading"
        className={css({ borderTopWidth: '1px', borderColor: 'border.default', pt: '6' })}
      >
        <h2 id="deactivate-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '2' })}>
          Deactivate account
        </h2>
        <p className={css({ color: 'fg.muted', mb: '3' })}>
          You will be signed out and will not be able to log in again. Your orders stay with our team for their records.
        </p>
        <Button color="danger" onClick={() => deactivate.send({ type: 'user.request' })}>
          Deactivate my account
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        busy={deactivating}
        title="Deactivate your account?"
        message="You will be signed out and will not be able to log in again."
        confirmLabel="Deactivate"
        onConfirm={() => deactivate.send({ type: 'user.confirm' })}
        onCancel={() => deactivate.send({ type: 'user.cancel' })}
      />
    </div>
  );
}
