import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getPathsFromEvents } from 'xstate/graph';
import { artistMessages } from '../../contracts/artist';
import {
  type OnlineStatusEvent,
  type OnlineStatusInput,
  onlineStatusMachine,
  type SaveOnlineStatusInput,
} from '../../machines/online-status.machine';
import { toaster } from '../../src/components/ui/toaster-region';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  getTransitionPaths,
} from '../machines/model';
import { fakeServer, makeUser, renderApp, storeSession } from './app-harness';

// The artist's online switch driven along paths generated from onlineStatusMachine: toggling and
// dismissing are clicks, the server's answers are the held PATCH answered, and each state is checked
// on screen (the switch's label and position, "Saving…", the confirmation, the error toast).
//
// Not played here: `session.userChanged` (the session telling the switch the status changed elsewhere),
// which no click on this screen causes; the machine's own tests cover it. A click right after a
// refused save is played like any other: the switch is turned by the machine alone.

// The toaster is one per page and shows at most five: each path starts with none, so that a refused
// save's toast is always one that can be seen.
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

const refused = { status: 503, body: { message: 'We could not change your status. Please try again.' } };

const events = [
  { type: 'user.toggle' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.saveOnlineStatus', output: null },
  { type: 'xstate.error.actor.saveOnlineStatus', error: { status: 503, message: refused.body.message } },
] as OnlineStatusEvent[];

const ok = (data: unknown) => ({ status: 200, body: { data } });

/** An approved artist past the first login, on the song orders screen, with the PATCH held. */
function start(input: OnlineStatusInput) {
  const user = makeUser({
    type: 'artist',
    user_id: 'a_1',
    full_name: 'Liza Cruz',
    first_name: 'Liza',
    app_status: 'approved',
    application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
    is_online: input.isOnline ? 1 : 0,
    is_first_time_login: 0,
    featured_song_path: 'song0001',
  });
  storeSession(user);
  let answer: { status: number; body: unknown } = refused;
  let release: (() => void) | undefined;
  fakeServer({
    'GET /api/v1/artist/auth/me': () => ok(user),
    'GET /api/v1/artist/orders': () => ok({ items: [], next_cursor: null }),
    'PATCH /api/v1/artist/profile/online-status': (call) =>
      answer.status === 200
        ? ok({ ...user, is_online: (call.body as { status: number }).status === 0 ? 1 : 0, is_first_time_login: 0 })
        : answer,
  });
  const answered = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request | string | URL, init?: RequestInit) => {
    const url = request instanceof Request ? request.url : String(request);
    if (url.includes('/profile/online-status')) await new Promise<void>((resolve) => (release = resolve));
    return answered(request, init);
  });
  const app = renderApp('/artist/song-orders');
  return {
    app,
    toastsBefore: new Set<Element>(),
    answerWith(next: { status: number; body: unknown }) {
      answer = next;
      expect(release, 'a status change is out').toBeDefined();
      release?.();
      release = undefined;
    },
  };
}

type Run = ReturnType<typeof start>;

/** The switch: a button whose text reads the status. */
const switchInput = () => screen.getByRole('switch') as HTMLButtonElement;
/** Whether the switch shows on: what it says to assistive technology and what its drawn control shows. */
const shownOn = () => {
  const on = switchInput().getAttribute('aria-checked') === 'true';
  expect(switchInput().querySelector('[data-state]')?.getAttribute('data-state')).toBe(on ? 'checked' : 'unchecked');
  return on;
};
const confirmation = () => screen.queryByRole('dialog', { name: /^You are (online|offline)$/ });

async function act(event: any, h: Run) {
  switch (event.type) {
    case 'user.toggle':
      await userEvent.click(switchInput());
      return;
    case 'user.dismiss':
      await userEvent.click(within(confirmation() as HTMLElement).getByRole('button', { name: 'Okay' }));
      return;
    case 'xstate.done.actor.saveOnlineStatus':
      h.answerWith({ status: 200, body: null });
      return;
    case 'xstate.error.actor.saveOnlineStatus':
      h.toastsBefore = new Set(screen.queryAllByText(refused.body.message));
      h.answerWith(refused);
      return;
  }
}

function expectScreen(s: any, last: any, h: Run) {
  const online = s.context.isOnline === 1;
  if (s.matches('saving')) {
    // The request is out: the label says so and the switch cannot be flipped again.
    expect(screen.getByText('Saving…')).toBeTruthy();
    expect(switchInput().disabled).toBe(true);
  } else {
    expect(screen.getByText(online ? 'Online' : 'Offline')).toBeTruthy();
    expect(shownOn()).toBe(online);
    // Only a settled switch can be flipped (not behind the confirmation).
    expect(switchInput().disabled).toBe(!s.matches('idle'));
  }
  if (s.matches('confirming')) {
    // docs/product.md §4: the confirmation says what the new status means for customers.
    const dialog = confirmation() as HTMLElement;
    expect(dialog).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: online ? 'You are online' : 'You are offline' })).toBeTruthy();
    expect(within(dialog).getByText(online ? artistMessages.wentOnline : artistMessages.wentOffline)).toBeTruthy();
  } else {
    expect(confirmation()).toBeNull();
  }
  if (last?.type === 'xstate.error.actor.saveOnlineStatus') {
    // The switch stays where it was and the server's message is a toast.
    expect(screen.queryAllByText(refused.body.message).some((element) => !h.toastsBefore.has(element))).toBe(true);
  }
}

const starts: Record<string, OnlineStatusInput> = {
  'an offline artist': { isOnline: 0 },
  'an online artist': { isOnline: 1 },
};

describe('the online switch along the online status machine’s paths', () => {
  // Generated paths keep one per transition; a click right after a refused save takes a transition an
  // earlier path took already, so that sequence is added as it is played.
  const [toggle, , , refusal] = events as [OnlineStatusEvent, OnlineStatusEvent, OnlineStatusEvent, OnlineStatusEvent];
  const generated = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: [
      ...getTransitionPaths(onlineStatusMachine, { input, events }),
      ...getPathsFromEvents(onlineStatusMachine, [toggle, refusal, toggle], { input }),
    ],
  }));
  const all = generated;
  const every = all.flatMap((s) => s.paths);
  it('plays a click right after a refused save', () => {
    const retried = every.filter((path) =>
      path.steps.some(
        (step, i) => step.event.type === 'user.toggle' && path.steps[i - 1]?.event.type.startsWith('xstate.error'),
      ),
    );
    expect(retried.length).toBeGreaterThan(0);
  });

  it('reaches every state of the switch', () => expectAllStatesCovered(onlineStatusMachine, every));
  it('takes every transition a click or an answer makes', () =>
    expectAllTransitionsCovered(onlineStatusMachine, every, {
      'idle —session.userChanged→ (stays)':
        'the session tells the switch of a change made elsewhere; nothing on this screen causes it',
    }));

  for (const { name, input, paths } of all) {
    describe(`for ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          const h = start(input);
          const model = createActor(
            onlineStatusMachine.provide({
              actors: { saveOnlineStatus: fromPromise<unknown, SaveOnlineStatusInput>(() => new Promise(() => {})) },
            }),
            { input },
          ).start();
          await waitFor(() => expectScreen(model.getSnapshot(), undefined, h), { timeout: 4000 });
          for (const step of path.steps.slice(1)) {
            model.send(step.event);
            const expected = model.getSnapshot();
            expect(expected.value).toEqual(step.state.value);
            await act(step.event, h);
            await waitFor(() => expectScreen(expected, step.event, h), { timeout: 4000 });
          }
          model.stop();
          h.app.unmount();
        });
      }
    });
  }
});
