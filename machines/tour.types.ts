// The artist's first-login guided tour (docs/product.md §2 Artist guided tour, §4 Tour, §9 tour constants).
// react-joyride only draws it: this machine decides when it runs and which step shows.
import type { tour } from '../contracts/constants';

/** What the tour needs to know about the signed-in artist. */
export interface TourFacts {
  approved: boolean;
  isOnline: boolean;
  isFirstTimeLogin: boolean;
  hasFeaturedSong: boolean;
}

export interface TourContext extends TourFacts {
  /** The step shown while running; tour.notRunningIndex (-1) otherwise. */
  stepIndex: number;
}

export type TourInput = TourFacts;

export type TourEvent =
  /** A page of the artist area finished loading (the online switch is on screen). */
  | { type: 'page.loaded' }
  /** The artist frame closed while the tour waited or ran. */
  | { type: 'page.left' }
  /** The signed-in user changed (online toggle, approval, featured song set or removed, first login done). */
  | ({ type: 'user.changed' } & TourFacts)
  /** Another account signed in, or the session ended (all facts false): the tour starts over for it. */
  | ({ type: 'account.changed' } & TourFacts)
  | { type: 'tour.next' }
  | { type: 'tour.previous' }
  | { type: 'tour.skip' }
  /** The step's Okay button. */
  | { type: 'tour.okay' }
  /** The last step's Finish button. */
  | { type: 'tour.finish' }
  /** react-joyride could not find the step's target on the page. */
  | { type: 'tour.targetMissing' };

/** running: the tour is on screen; dimmed: the page overlay; scrollLocked: body scrolling is locked. */
export type TourTag = 'running' | 'dimmed' | 'scrollLocked' | 'busy';

/** One step, in react-joyride's shape (structurally; machines/ does not import React code). */
export interface TourStep {
  target: string;
  content: string;
  locale: typeof tour.labels;
  skipBeacon: boolean;
}
