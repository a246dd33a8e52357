import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { connectApplicationForm } from '../../../machines/application-form.connect';
import { useArtistGate, useDialogs, useSessionView } from '../../actors/hooks';
import { useApplicationForm } from '../../actors/use-application-form';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { ArtistInfoForm, PasswordForm, PayoutForm, PersonalInfoForm } from './part-forms';
import { PartsList } from './parts-list';
import { SampleSongs } from './sample-songs';

export function ApplicationFormPage() {
  const { user } = useSessionView();
  const { actor, profile, options } = useApplicationForm();
  const view = useSelector(actor, connectApplicationForm);
  const { home } = useArtistGate();
  const dialogs = useDialogs();
  if (!user) return null;
  const samples = (
    <SampleSongs
      songs={profile.data?.songs ?? []}
      artist={{ id: user.user_id, name: profile.data?.stage_name ?? user.full_name }}
    />
  );

  return (
    <div className={css({ w: 'full', maxW: '3xl', mx: 'auto', py: '6' })}>
      {/* This page has no app bar: the way home and out sit here, so an applicant is never stuck on it. */}
      <div
        className={css({ mb: '6', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}
      >
        <Logo to={home} />
        <Button color="text" size="sm" onClick={() => dialogs.send({ type: 'dialog.openSignOutConfirm' })}>
          Sign out
        </Button>
      </div>
      <h1 className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>Your artist application</h1>
      <p className={css({ color: 'fg.muted', mt: '2', mb: '6' })} data-testid="application-progress">
        {view.doneCount} of 4 parts done. Each part is saved on its own; you can come back to any of them.
      </p>
      {view.rejected ? (
        <div role="alert" className={css({ bg: 'red.50', borderRadius: 'lg', p: '4', mb: '6' })}>
          <p className={css({ fontWeight: 'bold' })}>Your application needs changes</p>
          <p>{view.rejectionReason}</p>
          <p className={css({ mt: '2', fontSize: 'sm' })}>Edit the parts below; saving sends it back to our team.</p>
        </div>
      ) : null}
      {view.submitted ? (
        <div
          role="status"
          className={css({ bg: 'green.50', borderRadius: 'lg', p: '4', mb: '6' })}
          data-testid="application-submitted"
        >
          <p className={css({ fontWeight: 'bold' })}>
            {view.appStatus === 'approved'
              ? 'Your account is approved.'
              : 'Thank you! Your application is with our team for review.'}
          </p>
          <p className={css({ fontSize: 'sm', mt: '1' })}>
            We will email you when it is approved. Meanwhile you can see your <Link to="/artist/profile">profile</Link>.
          </p>
        </div>
      ) : null}
      <PartsList
        actor={actor}
        forms={{
          personalInfo: <PersonalInfoForm actor={actor} />,
          artistInfo: (
            <ArtistInfoForm actor={actor} options={options.data ?? { genres: [], vocal_types: [] }} samples={samples} />
          ),
          payoutInfo: <PayoutForm actor={actor} />,
          password: (
            <PasswordForm
              actor={actor}
              currentLabel="Temporary password (from our email)"
              submitLabel="Set my password"
            />
          ),
        }}
      />
    </div>
  );
}
