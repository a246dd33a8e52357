import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { tourFactsFor } from '../../machines/tour.connect';
import { tourMachine } from '../../machines/tour.machine';
import { authApi } from '../api/auth.api';
import { useAppActors, useSessionView } from './hooks';

/**
 * The first-login tour (SPEC §4) for the signed-in artist: the machine hears the user's facts as the
 * session changes them, and marks the first login done on the server and in the session.
 */
export function useArtistTour() {
  const { api, session } = useAppActors();
  const { user } = useSessionView();
  const facts = tourFactsFor(user);
  const actor = useActorRef(
    tourMachine.provide({
      actors: { markFirstLoginDone: fromPromise<unknown, void>(() => authApi(api.for('artist')).firstTimeLogin()) },
      actions: {
        setLocalFirstLoginDone: () => session.send({ type: 'user.updated', user: { is_first_time_login: 0 } }),
      },
    }),
    { input: facts },
  );
  const { approved, isOnline, isFirstTimeLogin, hasFeaturedSong } = facts;
  useEffect(() => {
    actor.send({ type: 'user.changed', approved, isOnline, isFirstTimeLogin, hasFeaturedSong });
  }, [actor, approved, isOnline, isFirstTimeLogin, hasFeaturedSong]);
  useEffect(() => actor.send({ type: 'page.loaded' }), [actor]);
  return actor;
}
