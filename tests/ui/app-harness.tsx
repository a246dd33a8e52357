import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { type AppActors, createAppActors } from '../../src/actors/app-actors';
import { AppActorsContext } from '../../src/actors/hooks';
import { bindRouter } from '../../src/actors/navigation';
import { storage } from '../../src/lib/storage';
import { routeTree } from '../../src/routeTree.gen';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON for JSON bodies, the FormData for multipart ones, else the text. */
  body: unknown;
  headers: Headers;
}

type Handler = (call: FakeCall) => { status: number; body: unknown } | undefined;

/**
 * The network boundary for UI tests: fetch answers from handlers, in the API's envelope. Everything
 * above it — ky client, machines, router, components — is the real code.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    let body: unknown;
    if (type.startsWith('multipart/form-data')) body = await request.formData();
    else {
      const text = await request.text();
      body = text && type.includes('json') ? JSON.parse(text) : text || undefined;
    }
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: request.headers,
    };
    calls.push(call);
    const answer = handlers[`${call.method} ${call.path}`]?.(call) ?? { status: 404, body: { message: 'Not found.' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls };
}

/** A signed token whose payload the SPA can read (the signature is the server's concern). */
export function fakeToken(expSecondsFromNow = 900): string {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })}.signature`;
}

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    user_id: 'u_1',
    type: 'user',
    full_name: 'Maria Santos',
    first_name: 'Maria',
    middle_name: null,
    last_name: 'Santos',
    email: 'customer@labsongs.test',
    avatar: null,
    contact_number: '9171234567',
    country: 'PH',
    dial_code: '+63',
    app_status: null,
    application_progress: null,
    is_first_time_login: 0,
    is_online: 0,
    featured_song_path: null,
    ...overrides,
  };
}

/** Stores a session as a previous visit would have left it. */
export function storeSession(user: AuthUser) {
  storage.set('accessToken', fakeToken());
  storage.setJson('user', user);
  storage.set('userType', user.type === 'artist' ? 'artist' : 'user');
}

const rendered: AppActors[] = [];

// Each render starts a root actor that outlives the test (its other-tabs channel, its stream): stop
// them all after each test, so one test's sign-out never reaches the next test's tabs. The views go
// first (as when a tab closes): unmounting tells the root what closes (screens, pages), which a
// stopped root could not hear. This hook runs before setup.ts's cleanup (hooks run in reverse).
afterEach(() => {
  cleanup();
  for (const actors of rendered.splice(0)) actors.root.stop();
});

/** The player of the app rendered last (the root's `player` child), once the first play has started it. */
export async function currentPlayer() {
  const actors = rendered.at(-1);
  if (!actors) throw new Error('render the app first');
  const snapshot = await waitFor(actors.root, (s) => s.context.player !== null);
  return snapshot.context.player as NonNullable<typeof snapshot.context.player>;
}

/** Renders the whole app at `path` with the real actors and router. */
export function renderApp(path = '/') {
  const actors = createAppActors();
  rendered.push(actors);
  const router = createRouter({
    routeTree,
    context: { actors },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  bindRouter(router);
  const view = render(
    <AppActorsContext.Provider value={actors}>
      <RouterProvider router={router} />
    </AppActorsContext.Provider>,
  );
  return { ...view, actors, router };
}
