// View model of the tour: react-joyride's props (it only draws what the machine decides), the page
// overlay flags, and the mapping from react-joyride's callback to the machine's events.
import type { SnapshotFrom } from 'xstate';
import { tour } from '../contracts/constants';
import { type tourMachine, tourSteps } from './tour.machine';
import type { TourEvent } from './tour.types';

export function connectTour(snapshot: SnapshotFrom<typeof tourMachine>) {
  const running = snapshot.hasTag('running');
  return {
    running,
    /** docs/product.md §4: while it runs the page is dimmed and body scrolling is locked. */
    dimmed: snapshot.hasTag('dimmed'),
    scrollLocked: snapshot.hasTag('scrollLocked'),
    /** docs/product.md §9: keyboard navigation is on (focus stays in the tooltip; Esc closes it). */
    keyboardNavigation: true,
    /** Spread on <Joyride>: controlled by stepIndex (-1 when not running). */
    joyride: {
      run: running,
      stepIndex: snapshot.context.stepIndex,
      steps: tourSteps,
      continuous: true,
      scrollToFirstStep: true,
      locale: tour.labels,
      options: {
        scrollDuration: tour.scrollDurationMs,
        skipBeacon: true,
        disableFocusTrap: false,
        dismissKeyAction: 'close' as const,
        buttons: ['back', 'skip', 'primary'] as ('back' | 'close' | 'primary' | 'skip')[],
      },
    },
  };
}

/** The subset of react-joyride's event data the mapping reads. */
export interface JoyrideEventLike {
  type: string;
  action: string;
  index: number;
  size: number;
}

/** Which machine event a react-joyride callback means, or null for the ones the machine ignores. */
export function tourEventFromJoyride(data: JoyrideEventLike): TourEvent | null {
  if (data.type === 'error:target_not_found') return { type: 'tour.targetMissing' };
  // Skip tour ends react-joyride's run at once: it says so with tour:end, not step:after.
  if (data.type === 'tour:end' && data.action === 'skip') return { type: 'tour.skip' };
  if (data.type !== 'step:after') return null;
  const isLast = data.index >= data.size - 1;
  switch (data.action) {
    case 'next':
    case 'close':
      return isLast ? { type: 'tour.finish' } : { type: 'tour.next' };
    case 'prev':
      return { type: 'tour.previous' };
    case 'skip':
      return { type: 'tour.skip' };
    default:
      return null;
  }
}
