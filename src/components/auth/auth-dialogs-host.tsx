import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import type { DialogsActor } from '../../../machines/app.machine';
import { useAuthForms } from '../../actors/auth-form-hooks';
import { useAppActors } from '../../actors/hooks';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { ForgotPasswordForm } from './forgot-password-form';
import { FormSlot } from './form-slot';
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
 * The account modals of docs/product.md §2, one at a time as the dialogs machine says. The forms run under the
 * machine, which tells each when its modal opens and closes, so they reset on the product's schedule; they
 * load with the first modal that shows one (its frame shows meanwhile).
 */
export function AuthDialogsHost({ dialogs }: { dialogs: DialogsActor }) {
  const { session } = useAppActors();
  const { forms, failed, retry } = useAuthForms();

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
        <FormSlot actor={forms?.login ?? null} failed={failed} retry={retry}>
          {(login) => (
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
                  <button
                    type="button"
                    className={linkButton}
                    onClick={() => dialogs.send({ type: 'dialog.openSignUp' })}
                  >
                    Sign Up Now
                  </button>
                </p>
              }
            />
          )}
        </FormSlot>
      </Modal>
      <Modal open={state === 'signUp'} onClose={close} title="Account Sign Up" size="md">
        <FormSlot actor={forms?.signUp ?? null} failed={failed} retry={retry}>
          {(signUp) => <SignUpForm actor={signUp} onLogin={() => dialogs.send({ type: 'dialog.openLogin' })} />}
        </FormSlot>
      </Modal>
      <Modal open={state === 'forgotPassword'} onClose={close} title="Forgot Password" size="sm">
        <FormSlot actor={forms?.forgot ?? null} failed={failed} retry={retry}>
          {(forgot) => <ForgotPasswordForm actor={forgot} />}
        </FormSlot>
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
