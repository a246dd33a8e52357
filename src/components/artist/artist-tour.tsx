import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Joyride } from 'react-joyride';
import { connectTour, tourEventFromJoyride } from '../../../machines/tour.connect';
import { useAppActors } from '../../actors/hooks';
import { TourTooltip } from './tour-tooltip';

/**
 * The first-login tour (SPEC §4): the root's `tour` actor decides, react-joyride draws with the
 * brand's card. Mounted with the online switch it points at, so mounting is the page load.
 */
export function ArtistTour() {
  const { tour } = useAppActors();
  const view = useSelector(tour, connectTour);
  useEffect(() => {
    tour.send({ type: 'page.loaded' });
    return () => tour.send({ type: 'page.left' });
  }, [tour]);
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
      tooltipComponent={TourTooltip}
      onEvent={(data) => {
        const event = tourEventFromJoyride(data);
        if (event) tour.send(event);
      }}
    />
  );
}
