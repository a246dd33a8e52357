import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { tour } from '../../contracts/constants';
import { type TourEvent, type TourFacts, tourMachine } from '../../machines/tour.machine';
import { storage } from '../../src/lib/storage';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  getTransitionPaths,
} from '../machines/model';
import { fakeServer, makeUser, renderApp, storeSession } from './app-harness';

// The approved artist's first-login tour driven along paths generated from tourMachine: opening the
// artist's page, the 1 s wait, Skip tour and Finish are what the person does, the server's answer to
// PATCH /auth/first-time-login is held and answered by the step, and after every step the screen must
// show what the state means: no card while idle or waiting; while running the brand's card at the
// online switch (docs/product.md §4 text, "Step 1 of 1", Skip tour and Finish, Finish focused) and body scrolling
// locked; once finished no card, and the session's first-login flag at 0.

afterEach(() => vi.unstubAllGlobals());

const due: TourFacts = { approved: true, isOnline: false, isFirstTimeLogin: true, hasFeaturedSong: false };

const events = [
  { type: 'page.loaded' },
  { type: 'xstate.after.tourDelay.tour.waiting' },
  { type: 'tour.skip' },
  { type: 'tour.finish' },
  { type: 'xstate.done.actor.markFirstLoginDone', output: {} },
  { type: 'xstate.error.actor.markFirstLoginDone', error: { status: 503, message: 'down' } },
] as TourEvent[];

const ok = (data: unknown) => ({ status: 200, body: { data } });

/** A first-time approved artist, offline, without a featured song; the first-login PATCH is held. */
function start() {
  const user: AuthUser = makeUser({
    type: 'artist',
    user_id: 'a_7',
    id: 7,
    full_name: 'Lia Reyes',
    first_name: 'Lia',
    app_status: 'approved',
    application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
    is_online: 0,
    is_first_time_login: 1,
    featured_song_path: null,
  });
  storeSession(user);
  let answer: { status: number; body: unknown } = { status: 500, body: { message: 'unset' } };
  let release: (() => void) | undefined;
  let firstLoginRequests = 0;
  fakeServer({
    'GET /api/v1/artist/auth/me': () => ok(user),
    'GET /api/v1/artist/orders': () => ok({ items: [], next_cursor: null }),
    'PATCH /api/v1/artist/auth/first-time-login': () => answer,
  });
  const answered = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request | string | URL, init?: RequestInit) => {
    const url = request instanceof Request ? request.url : String(request);
    if (url.includes('/auth/first-time-login')) {
      firstLoginRequests += 1;
      await new Promise<void>((resolve) => (release = resolve));
    }
    return answered(request, init);
  });
  const h = {
    app: undefined as ReturnType<typeof renderApp> | undefined,
    /** PATCH /auth/first-time-login requests sent (answered or held). */
    firstLoginCalls: () => firstLoginRequests,
    /** Opens (or reloads) the artist's page: a new visit with what the browser has stored. */
    open() {
      if (h.app) {
        h.app.unmount();
        h.app.actors.root.stop();
      }
      h.app = renderApp('/artist/song-orders');
    },
    answerWith(next: { status: number; body: unknown }) {
      answer = next;
      expect(release, 'the first-login call is out').toBeDefined();
      release?.();
      release = undefined;
    },
    user,
  };
  return h;
}

type Run = ReturnType<typeof start>;

const card = () => screen.queryByRole('alertdialog', { name: 'Artist guided tour' });
const firstLoginCalls = (h: Run) => h.firstLoginCalls();

async function act(event: TourEvent | { type: string }, h: Run) {
  switch (event.type) {
    case 'page.loaded':
      h.open();
      // The artist frame (lazy) is on screen with the switch the tour points at.
      await screen.findByText('Offline');
      return;
    case 'xstate.after.tourDelay.tour.waiting':
      // The person waits a second.
      await screen.findByRole('alertdialog', { name: 'Artist guided tour' }, { timeout: 4000 });
      return;
    case 'tour.skip':
      await userEvent.click(within(card() as HTMLElement).getByRole('button', { name: tour.labels.skip }));
      return;
    case 'tour.finish':
      await userEvent.click(within(card() as HTMLElement).getByRole('button', { name: tour.labels.last }));
      return;
    case 'xstate.done.actor.markFirstLoginDone':
      h.answerWith(ok({ ...h.user, is_first_time_login: 0 }));
      return;
    case 'xstate.error.actor.markFirstLoginDone':
      h.answerWith({ status: 503, body: { message: 'down' } });
      return;
  }
}

function expectScreen(s: any, h: Run, calls: { before: number }) {
  if (s.matches('running')) {
    const shown = card() as HTMLElement;
    expect(shown).toBeTruthy();
    // docs/product.md §4 step text, the progress, and the docs/product.md §9 labels the one step has.
    expect(within(shown).getByText(tour.stepText)).toBeTruthy();
    expect(within(shown).getByText('Step 1 of 1')).toBeTruthy();
    const buttons = within(shown)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual([tour.labels.skip, tour.labels.last]);
    // Keyboard: the primary button has the focus.
    expect(document.activeElement).toBe(within(shown).getByRole('button', { name: tour.labels.last }));
    expect(document.body.dataset.scrollLocked).toBe('');
  } else {
    expect(card()).toBeNull();
    expect(document.body.dataset.scrollLocked).toBeUndefined();
  }
  if (s.matches('finishing')) expect(firstLoginCalls(h)).toBe(calls.before + 1);
  else if (!s.matches('done')) expect(firstLoginCalls(h)).toBe(calls.before);
  if (s.matches('done')) {
    // docs/product.md §4: the local first-login flag is 0, so no later load shows it.
    expect(storage.getJson<AuthUser>('user')?.is_first_time_login).toBe(0);
  }
  if (h.app && !s.matches('idle')) expect(screen.getByText('Offline')).toBeTruthy();
}

describe('the tour along the tour machine’s paths', () => {
  const paths = getTransitionPaths(tourMachine, { input: due, events });

  it('reaches every state of the tour', () => expectAllStatesCovered(tourMachine, paths));
  it('takes every transition a person or the server causes on this screen', () =>
    expectAllTransitionsCovered(tourMachine, paths, {
      'checking —always [isFirstLoginOver]→ done':
        'this artist starts on the first login; the machine tests start past it',
      'idle —user.changed [hasFinishedFirstLogin]→ done': 'a change of the user made elsewhere (machine tests)',
      'idle —user.changed [hasRemovedFeaturedSong]→ waiting':
        'removing the featured song happens on the profile page (machine tests)',
      'idle —user.changed→ (stays)': 'a change of the user made elsewhere (machine tests)',
      'waiting —page.left→ idle': 'leaving within the second before it shows (machine tests)',
      'waiting —user.changed [hasFinishedFirstLogin]→ done': 'a change of the user made elsewhere (machine tests)',
      'waiting —user.changed [isTourNoLongerDue]→ idle': 'a change of the user made elsewhere (machine tests)',
      'waiting —user.changed→ (stays)': 'a change of the user made elsewhere (machine tests)',
      'running —tour.next [hasNextStep]→ (stays)': 'the tour has one step (docs/product.md §4), so Next never shows',
      'running —tour.next→ finishing': 'the one step’s primary button is Finish, not Next',
      'running —tour.previous [hasPreviousStep]→ (stays)': 'the tour has one step, so Previous never shows',
      'running —tour.okay→ finishing': 'no Okay button is part of the tour card',
      'running —tour.targetMissing→ idle': 'the switch is on this page (machine tests cover its absence)',
      'running —page.left→ idle': 'the card covers the page; leaving it is covered by the machine tests',
      'running —user.changed [hasFinishedFirstLogin]→ done': 'the overlay covers the switch (machine tests)',
      'running —user.changed [isTourNoLongerDue]→ idle': 'a change of the user made elsewhere (machine tests)',
      'running —user.changed→ (stays)': 'a change of the user made elsewhere (machine tests)',
      'finishing —user.changed→ (stays)': 'a change of the user made elsewhere (machine tests)',
      '(machine) —account.changed→ checking': 'another account signing in, made elsewhere (machine tests)',
    }));

  for (const path of paths.filter((p) => p.steps[1]?.event.type === 'page.loaded')) {
    it(describePath(path), async () => {
      const h = start();
      const model = createActor(
        tourMachine.provide({
          actors: { markFirstLoginDone: fromPromise<unknown, void>(() => new Promise(() => {})) },
          actions: { setLocalFirstLoginDone: () => {} },
        }),
        { input: due },
      ).start();
      const calls = { before: 0 };
      for (const step of path.steps.slice(1)) {
        calls.before = firstLoginCalls(h);
        // The model follows the person; its own delay is the step itself.
        model.send(step.event);
        const expected = model.getSnapshot();
        expect(expected.value).toEqual(step.state.value);
        await act(step.event, h);
        await waitFor(() => expectScreen(expected, h, calls), { timeout: 4000 });
      }
      model.stop();
      h.app?.unmount();
    });
  }

  it('Escape closes the card like Finish (docs/product.md §9: keyboard navigation is on)', async () => {
    const h = start();
    h.open();
    await screen.findByRole('alertdialog', { name: 'Artist guided tour' }, { timeout: 6000 });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(tour.labels.last));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(card()).toBeNull());
    expect(firstLoginCalls(h)).toBe(1);
    h.answerWith(ok({ ...h.user, is_first_time_login: 0 }));
    await waitFor(() => expect(storage.getJson<AuthUser>('user')?.is_first_time_login).toBe(0));
    h.app?.unmount();
  });
});
