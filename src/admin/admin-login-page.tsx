import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { connectAdminSession } from '../../machines/admin-session.connect';
import { AuthCard } from '../components/layout/simple-page';
import { Button } from '../components/ui/button';
import { PasswordField, TextField } from '../components/ui/field';
import { LogoMark } from '../components/ui/logo';
import { getAdminActors } from './admin-actors';

/** /admin/login: email and password, "Login to the admin console". */
export function AdminLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const { session } = getAdminActors();
  const view = useSelector(session, connectAdminSession);

  return (
    <div className={css({ w: 'full' })}>
      <p
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '2',
          fontWeight: 'extrabold',
          fontSize: 'xl',
          color: 'gray.900',
        })}
      >
        <LogoMark />
        <span>Labsongs Admin</span>
      </p>
      <AuthCard title="Admin Login">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            session.send({ type: 'user.submit', ...(redirectTo ? { redirectTo } : {}) });
          }}
        >
          {view.otherErrors.length > 0 ? (
            <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', mb: '3' })}>
              {view.otherErrors[0]}
            </p>
          ) : null}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={view.values.email}
            errors={view.errorsOf('email')}
            onValueChange={(value) => session.send({ type: 'field.changed', name: 'email', value })}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={view.values.password}
            errors={view.errorsOf('password')}
            onValueChange={(value) => session.send({ type: 'field.changed', name: 'password', value })}
          />
          <Button type="submit" block loading={view.loggingIn}>
            Login to the admin console
          </Button>
        </form>
      </AuthCard>
    </div>
  );
}
