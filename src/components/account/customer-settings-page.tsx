import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { useAccountDeactivation } from '../../actors/account-deactivation';
import { useCustomerPasswordForm } from '../../actors/account-settings';
import { Button } from '../ui/button';
import { PasswordField } from '../ui/field';
import { DeactivateDialog } from './deactivate-dialog';
import { MailPreferencesSection } from './mail-preferences';

export function CustomerSettingsPage() {
  const password = useCustomerPasswordForm();
  const values = useSelector(password, (s) => s.context.values);
  const errors = useSelector(password, (s) => s.context.errors);
  const busy = useSelector(password, (s) => s.hasTag('busy'));
  const set = (name: string) => (value: string) => password.send({ type: 'field.changed', name, value });

  const deactivate = useAccountDeactivation('user');

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
          You will be signed out. Paid orders in progress are still finished and the songs are emailed to you. Signing
          in within 30 days restores your account.
        </p>
        <Button color="danger" onClick={() => deactivate.send({ type: 'user.request' })}>
          Deactivate my account
        </Button>
      </section>
      <DeactivateDialog actor={deactivate} area="user" />
    </div>
  );
}
