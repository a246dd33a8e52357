import { css } from 'styled-system/css';
import { useAccountDeactivation } from '../../actors/account-deactivation';
import { useApplicationForm } from '../../actors/use-application-form';
import { DeactivateDialog } from '../account/deactivate-dialog';
import { MailPreferencesSection } from '../account/mail-preferences';
import { Button } from '../ui/button';
import { PasswordForm, PayoutForm } from './part-forms';
import { PartsList } from './parts-list';

export function AccountSettingsPage() {
  const { actor } = useApplicationForm();
  const deactivate = useAccountDeactivation('artist');

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
          You go offline, customers no longer find you, and you are signed out. Offers you have not answered are
          withdrawn and orders you are working on go to our team for another artist; your earnings are still paid.
          Signing in within 30 days restores your account.
        </p>
        <Button color="danger" onClick={() => deactivate.send({ type: 'user.request' })}>
          Deactivate my account
        </Button>
      </section>
      <DeactivateDialog actor={deactivate} area="artist" />
    </div>
  );
}
