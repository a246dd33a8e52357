import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, sendTo } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import type { ArtistProfile } from '../../contracts/artist';
import { applicationFormMachine } from '../../machines/application-form.machine';
import { artistApi } from '../api/artist.api';
import { notify } from '../components/ui/toaster';
import { useAppActors, useSessionView } from './hooks';
import { loadOptions } from './options';
import { useResource } from './use-resource';

/**
 * The artist's profile parts (application form, My Profile, Account Settings): one machine with the
 * artist API; GET /profile fills it and refreshes the session's user (app_status may have changed).
 */
export function useApplicationForm() {
  const { api, session } = useAppActors();
  const { user } = useSessionView();
  const artist = artistApi(api.for('artist'));
  const actor = useActorRef(
    applicationFormMachine.provide({
      actors: {
        savePersonalInfo: fromPromise(({ input }) => artist.savePersonal(input)),
        saveArtistInfo: fromPromise(({ input }) => artist.saveArtistInfo(input)),
        savePayout: fromPromise(({ input }) => artist.savePayout(input)),
        changePassword: fromPromise(({ input }) => artist.changePassword(input)),
      },
      actions: {
        patchUser: sendTo(session, (_, p: { user: Partial<AuthUser> }) => ({ type: 'user.updated', user: p.user })),
        announceNewToken: sendTo(session, (_, p: { token: string; user: AuthUser }) => ({
          type: 'session.signedIn',
          token: p.token,
          user: p.user,
          userType: 'artist' as const,
        })),
        showSuccessToast: (_, p) => notify.success(p.message),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    { input: { user } },
  );
  // An admin's decision arrives live (the bell's notification): the status and the reason reload with it.
  const profile = useResource<ArtistProfile>(() => artist.profile(), 'artist-profile', { kinds: ['application'] });
  const options = useResource(() => loadOptions(api), 'options');
  useEffect(() => {
    if (!profile.data) return;
    actor.send({ type: 'profile.loaded', profile: profile.data });
    session.send({ type: 'user.updated', user: profile.data.user });
  }, [profile.data, actor, session]);
  return { actor, profile, options };
}
