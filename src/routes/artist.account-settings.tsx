import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { fromPromise } from 'xstate';
import { confirmActionMachine } from '../../machines/confirm-action.machine';
import { useAppActors } from '../actors/hooks';
import { navigateTo } from '../actors/navigation';
import { artistApi } from '../api/artist.api';
import { MailPreferencesSection } from '../components/account/mail-preferences';
import { PasswordForm, PayoutForm } from '../components/artist/part-forms';
import { PartsList } from '../components/artist/parts-list';
import { useApplicationForm } from '../actors/use-application-form';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { notify } from '../components/ui/toaster';

export const Route = createFileRoute('/artist/account-settings')({
  staticData: { pageTitle: 'Account Settings', name: 'artist.account-settings', authUser: 'artist', layout: 'artist' },
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  const { api, session } = useAppActors();
  const { actor } = useApplicationForm();
  const deactivate = useActorRef(
    confirmActionMachine.provide({
      actors: { runAction: fromPromise<unknown>(() => artistApi(api.for('artist')).deactivate()) },
      actions: {
        onDone: () => {
          // The server revoked the token: end the session here and in the other tabs.
          session.send({ type: 'account.deactivated' });
          navigateTo('/', { replace: true });
          notify.info('Your artist account has been deactivated.');
        },
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
  );
  const confirming = useSelector(deactivate, (s) => s.hasTag('confirming'));
  const busy = useSelector(deactivate, (s) => s.hasTag('busy'));

  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <PartsList
        actor={actor}
        only={['password', 'payoutInfo']}
        forms={{
          personalInfo: null,
          artistInfo: null,
          payoutInfo: <PayoutForm actor={actor} />,
          password: <PasswordForm actor={actor} />,
        }}
      />
      <div className={css({ bg: 'white', borderRadius: 'xl', p: '6', boxShadow: 'sm' })}>
        <MailPreferencesSection area="artist" />
      </div>
      <section
        aria-labelledby="deactivate-title"
        className={css({
          bg: 'white',
          borderRadius: 'xl',
          p: '6',
          boxShadow: 'sm',
          borderWidth: '1px',
          borderColor: 'red.200',
        })}
      >
        <h2 id="deactivate-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          Deactivate account
        </h2>
        <p className={css({ color: 'fg.muted', my: '2' })}>
          You go offline, customers no longer find you, and you are signed out.
        </p>
        <Button color="danger" onClick={() => deactivate.send({ type: 'user.request' })}>
          Deactivate my account
        </Button>
      </section>
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title="Deactivate your account?"
        message="You will be signed out and your profile will no longer show to customers."
        confirmLabel="Deactivate"
        onConfirm={() => deactivate.send({ type: 'user.confirm' })}
        onCancel={() => deactivate.send({ type: 'user.cancel' })}
      />
    </div>
  );
}
