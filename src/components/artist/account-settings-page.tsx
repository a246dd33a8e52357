import { css } from 'styled-system/css';
import { useArtistDeactivation } from '../../actors/artist-deactivation';
import { useApplicationForm } from '../../actors/use-application-form';
import { MailPreferencesSection } from '../account/mail-preferences';
import { Button } from '../ui/button';
import { DeactivateDialog } from './deactivate-dialog';
import { PasswordForm, PayoutForm } from './part-forms';
import { PartsList } from './parts-list';

export function AccountSettingsPage() {
  const { actor } = useApplicationForm();
  const deactivate = useArtistDeactivation();

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
          withdrawn, and orders you are working on go back to their customers to choose another artist.
        </p>
        <Button color="danger" onClick={() => deactivate.send({ type: 'user.request' })}>
          Deactivate my account
        </Button>
      </section>
      <DeactivateDialog actor={deactivate} />
    </div>
  );
}
