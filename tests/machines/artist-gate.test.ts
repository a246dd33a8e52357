import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ApplicationProgress, AppStatus, AuthUser } from '../../contracts/account';
import { artistMenuEntries } from '../../contracts/constants';
import {
  artistHomeFor,
  artistMenuFor,
  artistStatusOf,
  gateFor,
  isApplicationFinished,
  showOnlineSwitch,
} from '../../machines/artist-gate';
import { connectArtistGate } from '../../machines/artist-gate.connect';
import { type ArtistGateEvent, artistGateMachine } from '../../machines/artist-gate.machine';
import { artist, customer } from './fixtures';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
  transientStateKeys,
} from './model';

const allDone: ApplicationProgress = {
  personal_info: true,
  artist_info: true,
  payout_info: true,
  password_updated: true,
};
const artistWith = (app_status: AppStatus | null, progress: Partial<ApplicationProgress> | null): AuthUser => ({
  ...artist,
  app_status,
  application_progress:
    progress === null
      ? null
      : { personal_info: false, artist_info: false, payout_info: false, password_updated: false, ...progress },
});

const newApplicant = artistWith('incomplete', {});
const halfway = artistWith('incomplete', { personal_info: true, password_updated: true });
const inReview = artistWith('for_review', allDone);
const rejected = artistWith('rejected', allDone);
const approved = artistWith('approved', allDone);

// docs/product.md §2: the nine sidebar entries, in order, with their pages.
const NINE = [
  { to: '/artist/dashboard', label: 'Dashboard', routeName: 'artist.dashboard' },
  { to: '/artist/profile', label: 'My Profile', routeName: 'artist.profile' },
  { to: '/artist/earnings', label: 'Earnings', routeName: 'artist.earnings' },
  { to: '/artist/song-orders', label: 'Song Order', routeName: 'artist.song-orders' },
  { to: '/artist/ongoing', label: 'Ongoing', routeName: 'artist.ongoing' },
  { to: '/artist/validation', label: 'For Validation', routeName: 'artist.validation' },
  { to: '/artist/revision', label: 'For Revision', routeName: 'artist.revision' },
  { to: '/artist/completed', label: 'Completed', routeName: 'artist.completed' },
  { to: '/artist/account-settings', label: 'Account Settings', routeName: 'artist.account-settings' },
];
const PROFILE_ONLY = [{ to: '/artist/profile', label: 'My Profile', routeName: 'artist.profile' }];

const routeNames = [
  ...NINE.map((e) => e.routeName),
  'artist.application-form',
  'home',
  'artists',
  'artist.login',
  'order.checkout',
  'customer.account',
];

const events: ArtistGateEvent[] = [
  { type: 'session.userChanged', user: null },
  { type: 'session.userChanged', user: customer },
  { type: 'session.userChanged', user: newApplicant },
  { type: 'session.userChanged', user: halfway },
  { type: 'session.userChanged', user: inReview },
  { type: 'session.userChanged', user: rejected },
  { type: 'session.userChanged', user: approved },
];

function start(user: AuthUser | null = null): Harness {
  return { actor: createActor(artistGateMachine, { input: { user } }).start(), fakes: new FakeCalls(), log: [] };
}

const view = (s: any) => connectArtistGate(s);

const stateExpectations: Record<string, (s: any) => void> = {
  notArtist: (s) => {
    expect(s.context.user?.type).not.toBe('artist');
    expect(view(s)).toMatchObject({ status: 'notArtist', isArtist: false, menu: [], showOnlineSwitch: false });
    expect(s.hasTag('fullMenu')).toBe(false);
    // The other guards decide for customers and visitors.
    for (const name of routeNames) expect(view(s).gate(name)).toEqual({ allow: true });
  },
  applicationUnfinished: (s) => {
    expect(isApplicationFinished(s.context.user)).toBe(false);
    expect(view(s)).toMatchObject({ status: 'applicationUnfinished', menu: PROFILE_ONLY, showOnlineSwitch: false });
    expect(s.hasTag('fullMenu')).toBe(false);
    expect(view(s).gate('artist.application-form')).toEqual({ allow: true });
    expect(view(s).gate('artist.profile')).toEqual({ redirectTo: '/artist/application-form' });
    expect(view(s).gate('artist.dashboard')).toEqual({ redirectTo: '/artist/application-form' });
  },
  awaitingApproval: (s) => {
    expect(isApplicationFinished(s.context.user)).toBe(true);
    expect(s.context.user.app_status).not.toBe('approved');
    expect(view(s)).toMatchObject({ status: 'awaitingApproval', menu: PROFILE_ONLY, showOnlineSwitch: false });
    expect(s.hasTag('fullMenu')).toBe(false);
    expect(view(s).gate('artist.profile')).toEqual({ allow: true });
    expect(view(s).gate('artist.account-settings')).toEqual({ allow: true });
    expect(view(s).gate('artist.application-form')).toEqual({ allow: true });
    expect(view(s).gate('artist.dashboard')).toEqual({ redirectTo: '/artist/profile' });
    expect(view(s).gate('artist.earnings')).toEqual({ redirectTo: '/artist/profile' });
  },
  approved: (s) => {
    expect(s.context.user.app_status).toBe('approved');
    expect(view(s)).toMatchObject({ status: 'approved', menu: NINE, fullMenu: true, showOnlineSwitch: true });
    expect(s.hasTag('fullMenu')).toBe(true);
    expect(s.hasTag('onlineSwitch')).toBe(true);
    for (const name of routeNames) expect(view(s).gate(name)).toEqual({ allow: true });
  },
};

function stepExpectations({ event, after }: StepCheck<Harness>): void {
  // The gate always follows the latest user, and the tags always agree with the pure rules.
  expect(after.context.user).toBe((event as ArtistGateEvent).user);
  expect(after.value).toBe(artistStatusOf(after.context.user));
  expect(after.hasTag('onlineSwitch')).toBe(showOnlineSwitch(after.context.user));
  expect(after.hasTag('fullMenu')).toBe(artistMenuFor(after.context.user).length === 9);
}

describe('artistGateMachine: model-based paths', () => {
  const starts = { nobody: null, 'a new applicant': newApplicant, 'an approved artist': approved };
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = Object.entries(starts).map(([name, user]) => ({
    name,
    user,
    paths: getTransitionPaths(artistGateMachine, { input: { user }, events }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      artistGateMachine,
      all.flatMap((s) => s.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      artistGateMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state a snapshot can rest in', () => {
    expect(transientStateKeys(artistGateMachine)).toEqual(['deciding']);
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(artistGateMachine)
        .filter((k) => k !== 'deciding')
        .sort(),
    );
  });
  // A start that adds no transition has no paths of its own.
  for (const { name, user, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(user), { states: stateExpectations, step: stepExpectations });
        });
      }
    });
  }
});

describe('docs/product.md §4 Artist gating: the whole table', () => {
  const flagNames = ['personal_info', 'artist_info', 'payout_info', 'password_updated'] as const;
  const progressCombos: ApplicationProgress[] = Array.from({ length: 16 }, (_, bits) => ({
    personal_info: Boolean(bits & 1),
    artist_info: Boolean(bits & 2),
    payout_info: Boolean(bits & 4),
    password_updated: Boolean(bits & 8),
  }));
  const statuses: (AppStatus | null)[] = ['incomplete', 'for_review', 'approved', 'rejected', null];

  /** docs/product.md §4 read literally, independently of the implementation. */
  function expected(progress: ApplicationProgress, status: AppStatus | null, routeName: string) {
    const finished = flagNames.every((f) => progress[f]);
    if (!finished) {
      return routeName === 'artist.application-form' ? { allow: true } : { redirectTo: '/artist/application-form' };
    }
    if (status !== 'approved') {
      return ['artist.profile', 'artist.account-settings', 'artist.application-form'].includes(routeName)
        ? { allow: true }
        : { redirectTo: '/artist/profile' };
    }
    return { allow: true };
  }

  let rows = 0;
  for (const progress of progressCombos) {
    for (const status of statuses) {
      const label = `${flagNames.filter((f) => progress[f]).join('+') || 'no flags'}, ${status}`;
      it(`${label}: every route, the menu, the switch and the machine's state`, () => {
        const user = artistWith(status, progress);
        for (const routeName of routeNames) {
          expect(gateFor(user, routeName), routeName).toEqual(expected(progress, status, routeName));
          rows++;
        }
        const finished = flagNames.every((f) => progress[f]);
        const fullMenu = finished && status === 'approved';
        expect(artistMenuFor(user)).toEqual(fullMenu ? NINE : PROFILE_ONLY);
        expect(showOnlineSwitch(user)).toBe(fullMenu);
        // The logo's page: public for an unfinished applicant, otherwise an artist page the gate lets through.
        const home = artistHomeFor(user);
        const homeRoute = artistMenuEntries.find((e) => e.to === home);
        if (!finished) expect(home).toBe('/');
        else expect(homeRoute && gateFor(user, homeRoute.routeName)).toEqual({ allow: true });
        expect(connectArtistGate(start(user).actor.getSnapshot()).home).toBe(home);
        const snapshot = start(user).actor.getSnapshot();
        expect(snapshot.value).toBe(
          !finished ? 'applicationUnfinished' : status === 'approved' ? 'approved' : 'awaitingApproval',
        );
        expect(snapshot.hasTag('fullMenu')).toBe(fullMenu);
        expect(snapshot.hasTag('onlineSwitch')).toBe(fullMenu);
      });
    }
  }
  it('covered 16 flag combinations × 5 statuses × every route', () => {
    expect(rows).toBe(16 * 5 * routeNames.length);
  });

  it.each([
    ['a new applicant, dashboard', newApplicant, 'artist.dashboard', { redirectTo: '/artist/application-form' }],
    ['a new applicant, profile', newApplicant, 'artist.profile', { redirectTo: '/artist/application-form' }],
    ['a new applicant, the form', newApplicant, 'artist.application-form', { allow: true }],
    [
      'no progress object at all',
      artistWith('incomplete', null),
      'artist.profile',
      { redirectTo: '/artist/application-form' },
    ],
    ['in review, song orders', inReview, 'artist.song-orders', { redirectTo: '/artist/profile' }],
    ['in review, profile', inReview, 'artist.profile', { allow: true }],
    ['in review, account settings', inReview, 'artist.account-settings', { allow: true }],
    ['rejected, the form (edit and resubmit)', rejected, 'artist.application-form', { allow: true }],
    ['rejected, dashboard', rejected, 'artist.dashboard', { redirectTo: '/artist/profile' }],
    ['approved, dashboard', approved, 'artist.dashboard', { allow: true }],
    ['approved, the form (may still edit it)', approved, 'artist.application-form', { allow: true }],
    [
      'approved but a flag missing',
      artistWith('approved', { ...allDone, payout_info: false }),
      'artist.dashboard',
      { redirectTo: '/artist/application-form' },
    ],
    ['a customer, an artist page', customer, 'artist.dashboard', { allow: true }],
    ['nobody', null, 'artist.dashboard', { allow: true }],
  ] as const)('%s', (_, user, routeName, decision) => {
    expect(gateFor(user, routeName)).toEqual(decision);
  });
});

describe('docs/product.md §4 Artist menu by status', () => {
  it('an approved artist sees the nine entries in docs/product.md §2 order, and the online switch', () => {
    expect(artistMenuFor(approved)).toEqual(NINE);
    expect(artistMenuEntries).toEqual(NINE);
    expect(showOnlineSwitch(approved)).toBe(true);
  });
  it.each([
    ['incomplete', newApplicant],
    ['for_review', inReview],
    ['rejected', rejected],
  ])('an artist whose app_status is %s sees only Profile and no switch', (_, user) => {
    expect(artistMenuFor(user)).toEqual(PROFILE_ONLY);
    expect(showOnlineSwitch(user)).toBe(false);
  });
  it('customers and visitors get no artist menu', () => {
    expect(artistMenuFor(customer)).toEqual([]);
    expect(artistMenuFor(null)).toEqual([]);
    expect(showOnlineSwitch(customer)).toBe(false);
  });
  it('approval arriving through the session opens the full menu at once', () => {
    const h = start(inReview);
    expect(connectArtistGate(h.actor.getSnapshot()).menu).toEqual(PROFILE_ONLY);
    h.actor.send({ type: 'session.userChanged', user: approved });
    expect(connectArtistGate(h.actor.getSnapshot())).toMatchObject({
      status: 'approved',
      menu: NINE,
      showOnlineSwitch: true,
    });
    h.actor.send({ type: 'session.userChanged', user: null });
    expect(connectArtistGate(h.actor.getSnapshot()).status).toBe('notArtist');
  });
});
