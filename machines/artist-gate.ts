// docs/product.md §4 Artist gating and Artist menu by status as pure, synchronous functions: route guards
// (beforeLoad, which also runs on hover-preload) call them without touching an actor.
import type { AuthUser } from '../contracts/account';
import { artistApplicationFormRoute, artistMenuEntries } from '../contracts/constants';
import type { ArtistMenuEntry, ArtistStatus, GateDecision } from './artist-gate.types';

export type * from './artist-gate.types';

const profileEntry = artistMenuEntries.find((e) => e.routeName === 'artist.profile') as ArtistMenuEntry;
const dashboardPath = (artistMenuEntries.find((e) => e.routeName === 'artist.dashboard') ?? profileEntry).to;
const accountSettingsEntry = artistMenuEntries.find(
  (e) => e.routeName === 'artist.account-settings',
) as ArtistMenuEntry;

/** The pages a finished but unapproved artist may open (the form too: a rejected artist edits and resubmits). */
const awaitingApprovalRouteNames: readonly string[] = [
  profileEntry.routeName,
  accountSettingsEntry.routeName,
  artistApplicationFormRoute.routeName,
];

function isArtistUser(user: AuthUser | null | undefined): user is AuthUser {
  return user?.type === 'artist';
}

/** All four progress flags true (a missing progress object counts as nothing done). */
export function isApplicationFinished(user: AuthUser | null | undefined): boolean {
  const p = user?.application_progress;
  return p?.personal_info === true && p.artist_info && p.payout_info && p.password_updated;
}

/**
 * The gating order of docs/product.md §4: unfinished first, then approval. An approved artist whose progress is
 * somehow incomplete is treated as unfinished everywhere (form, Profile-only menu, no switch), so the
 * menu never links to a page the gate refuses.
 */
export function artistStatusOf(user: AuthUser | null | undefined): ArtistStatus {
  if (!isArtistUser(user)) return 'notArtist';
  if (!isApplicationFinished(user)) return 'applicationUnfinished';
  return user.app_status === 'approved' ? 'approved' : 'awaitingApproval';
}

/** The route guard of docs/product.md §4 for a navigation to `routeName`; users who are not artists are left to the other guards. */
export function gateFor(user: AuthUser | null, routeName: string): GateDecision {
  switch (artistStatusOf(user)) {
    case 'applicationUnfinished':
      return routeName === artistApplicationFormRoute.routeName
        ? { allow: true }
        : { redirectTo: artistApplicationFormRoute.to };
    case 'awaitingApproval':
      return awaitingApprovalRouteNames.includes(routeName) ? { allow: true } : { redirectTo: profileEntry.to };
    default:
      return { allow: true };
  }
}

/**
 * Where the logo takes an artist: a page the gate lets them open that is not a dead end. An unfinished
 * applicant's own pages all lead back to the form, so theirs is the public home page (from which they
 * can sign out or come back); an unapproved artist's is the profile; an approved artist's the dashboard.
 */
export function artistHomeFor(user: AuthUser | null): string {
  switch (artistStatusOf(user)) {
    case 'applicationUnfinished':
    case 'notArtist':
      return '/';
    case 'awaitingApproval':
      return profileEntry.to;
    default:
      return dashboardPath;
  }
}

/** docs/product.md §4 Artist menu by status: the nine entries once approved, otherwise only Profile (none for a non-artist). */
export function artistMenuFor(user: AuthUser | null): readonly ArtistMenuEntry[] {
  const status = artistStatusOf(user);
  if (status === 'notArtist') return [];
  return status === 'approved' ? artistMenuEntries : [profileEntry];
}

/** docs/product.md §4: the online switch shows only for an approved artist. */
export function showOnlineSwitch(user: AuthUser | null): boolean {
  return artistStatusOf(user) === 'approved';
}
