import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Joyride } from 'react-joyride';
import { connectTour, tourEventFromJoyride } from '../../../machines/tour.connect';
import { useArtistTour } from '../../actors/use-artist-tour';

/** The first-login tour (SPEC §4): the machine decides, react-joyride draws. */
export function ArtistTour() {
  const actor = useArtistTour();
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
