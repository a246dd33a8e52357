import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Joyride } from 'react-joyride';
import type { AccountChildren } from '../../../machines/app.machine';
import { connectTour, tourEventFromJoyride } from '../../../machines/tour.connect';
import { useAccountChild } from '../../actors/hooks';
import { TourTooltip } from './tour-tooltip';

/**
 * The first-login tour (docs/product.md §4): the root's `tour` actor decides, react-joyride draws with the
 * brand's card. Mounted with the online switch it points at, so mounting is the page load.
 */
export function ArtistTour() {
  // The tour's code comes with the account's: it draws once that has loaded.
  const tour = useAccountChild('tour');
  return tour ? <TourOverlay tour={tour} /> : null;
}

function TourOverlay({ tour }: { tour: AccountChildren['tour'] }) {
  const view = useSelector(tour, connectTour);
  useEffect(() => {
    tour.send({ type: 'page.loaded' });
    return () => tour.send({ type: 'page.left' });
  }, [tour]);
  // docs/product.md §4: body scrolling is locked while the tour runs.
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
