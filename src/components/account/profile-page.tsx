import { css } from 'styled-system/css';
import { phone } from '../../../contracts/constants';
import { findCountry } from '../../../contracts/countries';
import { formatPhone } from '../../../machines/phone-input.machine';
import { useSessionView } from '../../actors/hooks';
import { AvatarUpload } from './avatar-upload';
import { EmailConfirmationReminder } from './email-confirmation-reminder';
import { CustomerProfileForm } from './profile-form';

export function CustomerProfilePage() {
  const { user } = useSessionView();
  if (!user) return null;
  const country = findCountry(user.country);
  const rows: [string, string][] = [
    ['Name', user.full_name],
    ['Email', user.email],
    [
      'Contact number',
      user.contact_number
        ? `${user.dial_code ?? ''} ${formatPhone(user.contact_number, phone.contactNumberMask)}`.trim()
        : '—',
    ],
    ['Country', country ? `${country.emoji} ${country.name}` : '—'],
  ];
  return (
    <section aria-labelledby="profile-heading" className={css({ display: 'flex', gap: '8', flexWrap: 'wrap' })}>
      <AvatarUpload area="user" src={user.avatar} name={user.full_name} size={96} />
      <div className={css({ flex: '1', minW: 'min(16rem, 100%)' })}>
        <h2 id="profile-heading" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '4' })}>
          Profile
        </h2>
        <EmailConfirmationReminder />
        {/* minmax(0, 1fr) and anywhere-wrapping: a long email breaks instead of pushing the page sideways. */}
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            gap: '3',
            columnGap: { base: '4', sm: '8' },
          })}
        >
          {rows.map(([term, value]) => (
            <div key={term} className={css({ display: 'contents' })}>
              <dt className={css({ color: 'fg.muted' })}>{term}</dt>
              <dd className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{value}</dd>
            </div>
          ))}
        </dl>
        <h3 className={css({ fontSize: 'lg', fontWeight: 'bold', mt: '8', mb: '3' })}>Edit your details</h3>
        <CustomerProfileForm user={user} />
      </div>
    </section>
  );
}
