import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { useDeactivateAccount } from '../actors/account-settings';
import { useApplicationForm } from '../actors/use-application-form';
import { MailPreferencesSection } from '../components/account/mail-preferences';
import { PasswordForm, PayoutForm } from '../components/artist/part-forms';
import { PartsList } from '../components/artist/parts-list';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';

export const Route = createFileRoute('/artist/account-settings')({
  staticData: { pageTitle: 'Account Settings', name: 'artist.account-settings', authUser: 'artist', layout: 'artist' },
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  const { actor } = useApplicationForm();
  const deactivate = useDeactivateAccount('artist');
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
