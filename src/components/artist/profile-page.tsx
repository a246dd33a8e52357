import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { artistApplicationFormRoute } from '../../../contracts/constants';
import { connectApplicationForm } from '../../../machines/application-form.connect';
import { useSessionView } from '../../actors/hooks';
import { useApplicationForm } from '../../actors/use-application-form';
import { AvatarUpload } from '../account/avatar-upload';
import { buttonRecipe } from '../ui/button';
import { ArtistInfoForm, PersonalInfoForm } from './part-forms';
import { PartsList } from './parts-list';
import { SampleSongs } from './sample-songs';

const statusText: Record<string, string> = {
  incomplete: 'Your application is not finished yet.',
  for_review: 'Your application is with our team for review. We will email you when it is approved.',
  approved: 'Your account is approved.',
  rejected: 'Your application needs changes before it can be approved.',
};

export function ArtistProfilePage() {
  const { user } = useSessionView();
  const { actor, profile, options } = useApplicationForm();
  const view = useSelector(actor, connectApplicationForm);
  if (!user) return null;
  const stageName = profile.data?.stage_name ?? user.full_name;
  return (
    // minmax(0, 1fr): no card may widen the page on a phone; long words wrap inside their card.
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <section
        aria-labelledby="profile-summary"
        className={css({
          bg: 'white',
          borderRadius: 'xl',
          p: { base: '4', sm: '6' },
          boxShadow: 'sm',
          display: 'flex',
          gap: '5',
          alignItems: 'center',
          flexWrap: 'wrap',
        })}
      >
        <AvatarUpload area="artist" src={user.avatar} name={stageName} size={96} />
        <div className={css({ minW: 0, overflowWrap: 'anywhere' })}>
          <h2 id="profile-summary" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
            {stageName}
          </h2>
          <p className={css({ color: 'fg.muted' })}>{user.email}</p>
          <p className={css({ mt: '1' })} data-testid="artist-status">
            {statusText[user.app_status ?? ''] ?? ''}
          </p>
          {profile.data?.pending_stage_name ? (
            <p
              data-testid="pending-stage-name"
              className={css({ mt: '2', p: '2', bg: 'yellow.50', borderRadius: 'md', fontSize: 'sm' })}
            >
              <strong>Pending review:</strong> your new stage name “{profile.data.pending_stage_name}”. Customers see “
              {stageName}” until our team approves it.
            </p>
          ) : null}
        </div>
      </section>
      {view.rejected ? (
        <section
          aria-labelledby="rejection-title"
          data-testid="application-rejection"
          className={css({
            bg: 'red.50',
            borderRadius: 'xl',
            p: { base: '4', sm: '6' },
            borderWidth: '1px',
            borderColor: 'red.200',
          })}
        >
          <h2 id="rejection-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
            What our team asked you to change
          </h2>
          {/* The reason arrives with GET /profile; until then the heading alone would read as empty. */}
          <p
            className={css({ mt: '2', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}
            data-testid="rejection-reason"
          >
            {view.rejectionReason ?? 'Loading the reason…'}
          </p>
          <p className={css({ mt: '3', fontSize: 'sm' })}>
            Edit your application and save the part you changed: that sends it back to our team for review.
          </p>
          <Link
            to={artistApplicationFormRoute.to}
            className={`${buttonRecipe({ color: 'primary' })} ${css({ mt: '4' })}`}
          >
            Edit and resubmit my application
          </Link>
        </section>
      ) : null}
      <section
        aria-labelledby="samples-title"
        className={css({ bg: 'white', borderRadius: 'xl', p: { base: '4', sm: '6' }, boxShadow: 'sm' })}
      >
        <h2 id="samples-title" className={css({ fontSize: 'xl', fontWeight: 'bold', mb: '3' })}>
          Sample songs
        </h2>
        <SampleSongs songs={profile.data?.songs ?? []} artist={{ id: user.user_id, name: stageName }} />
      </section>
      <PartsList
        actor={actor}
        only={['personalInfo', 'artistInfo']}
        forms={{
          personalInfo: <PersonalInfoForm actor={actor} />,
          artistInfo: (
            <ArtistInfoForm
              actor={actor}
              options={options.data ?? { genres: [], vocal_types: [] }}
              samples={<p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Manage your samples above.</p>}
            />
          ),
          payoutInfo: null,
          password: null,
        }}
      />
    </div>
  );
}
