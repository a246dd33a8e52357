import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { useAppActors, useAuthForms } from '../../actors/hooks';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

const linkButton = css({
  color: 'brand.700',
  fontWeight: 'semibold',
  cursor: 'pointer',
  textDecoration: 'underline',
  fontSize: 'sm',
});

/**
 * The account modals of SPEC §2, one at a time as the dialogs machine says. The forms are the
 * machine's children: it tells each when its modal opens and closes, so they reset on the SPEC's schedule.
 */
export function AuthDialogsHost() {
  const { dialogs, session } = useAppActors();
  const { login, signUp, forgot } = useAuthForms();

  const state = useSelector(dialogs, (s) => s.value as string);
  const message = useSelector(dialogs, (s) => s.context.message);
  const signingOut = useSelector(session, (s) => s.matches('signingOut'));

  const close = () => dialogs.send({ type: 'dialog.close' });

  return (
    <>
      <Modal
        open={state === 'login' || state === 'loginAgain'}
        onClose={close}
        title={state === 'loginAgain' ? 'Log in again' : 'Account Login'}
        size="sm"
      >
        {state === 'loginAgain' ? (
          <p role="alert" className={css({ mb: '4', color: 'fg.muted' })}>
            {message}
          </p>
        ) : null}
        <LoginForm
          actor={login}
          submitLabel="Login to your account"
          forgotLink={
            <button
              type="button"
              className={linkButton}
              onClick={() => dialogs.send({ type: 'dialog.openForgotPassword' })}
            >
              Forgot Password?
            </button>
          }
          footer={
            <p className={css({ mt: '4', textAlign: 'center', fontSize: 'sm' })}>
              Not registered yet?{' '}
              <button type="button" className={linkButton} onClick={() => dialogs.send({ type: 'dialog.openSignUp' })}>
                Sign Up Now
              </button>
            </p>
          }
        />
      </Modal>
      <Modal open={state === 'signUp'} onClose={close} title="Account Sign Up" size="md">
        <SignUpForm actor={signUp} onLogin={() => dialogs.send({ type: 'dialog.openLogin' })} />
      </Modal>
      <Modal open={state === 'forgotPassword'} onClose={close} title="Forgot Password" size="sm">
        <ForgotPasswordForm actor={forgot} />
      </Modal>
      <Modal
        open={state === 'logoutWarning' || state === 'signOutConfirm'}
        onClose={close}
        title={state === 'signOutConfirm' ? 'Sign out' : 'You are signed in'}
        size="sm"
        role="alertdialog"
        footer={
          <>
            <Button color="text" onClick={close}>
              Cancel
            </Button>
            <Button color="primary" loading={signingOut} onClick={() => dialogs.send({ type: 'user.confirm' })}>
              {state === 'signOutConfirm' ? 'Sign out' : 'Logout'}
            </Button>
          </>
        }
      >
        <p>{message}</p>
      </Modal>
    </>
  );
}
