import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Joyride } from 'react-joyride';
import { fromPromise } from 'xstate';
import { connectTour, tourEventFromJoyride, tourFactsFor } from '../../../machines/tour.connect';
import { tourMachine } from '../../../machines/tour.machine';
import { useAppActors, useSessionView } from '../../actors/hooks';
import { authApi } from '../../api/auth.api';

/** The first-login tour (SPEC §4): the machine decides, react-joyride draws. */
export function ArtistTour() {
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

  const view = useSelector(actor, connectTour);
  // SPEC §4: body scrolling is locked while the tour runs.
  useEffect(() => {
    if (view.scrollLocked) document.body.dataset.scrollLocked = '';
    else delete document.body.dataset.scrollLocked;
    return () => {
      delete document.body.dataset.scrollLocked;
    };
  }, [view.scrollLocked]);

  return (
    <Joyride
      {...view.joyride}
      steps={[...view.joyride.steps]}
      onEvent={(data) => {
        const event = tourEventFromJoyride(data);
        if (event) actor.send(event);
      }}
    />
  );
}
