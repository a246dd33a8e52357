// The tour's facts from the session's user. Apart from tour.connect.ts (which carries the tour's steps)
// so that the root can pass them on without loading the tour itself: a guest never does.
import type { AuthUser } from '../contracts/account';
import { showOnlineSwitch } from './artist-gate';
import type { TourFacts } from './tour.types';

/** The tour's facts from the session's user (null: nobody signed in, nothing is due). */
export function tourFactsFor(user: AuthUser | null): TourFacts {
  return {
    // The tour points to the online switch, which only an approved artist has.
    approved: showOnlineSwitch(user),
    isOnline: Boolean(user?.is_online),
    isFirstTimeLogin: user?.is_first_time_login === 1,
    hasFeaturedSong: Boolean(user?.featured_song_path),
  };
}
