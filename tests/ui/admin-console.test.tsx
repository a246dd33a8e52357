import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApplicationDetail, type ApplicationSummary, artistMessages } from '../../contracts/artist';
import { specMessages } from '../../contracts/messages';
import { operationsQueues } from '../../contracts/operations-home';
import { serverMessages } from '../../contracts/server-messages';
import { storageKeys } from '../../contracts/storage-keys';
import { resetAdminActors } from '../../src/admin/admin-actors';
import { fakeServer, fakeToken, renderApp } from './app-harness';
import { adminUser as admin, adminMe as me, signInAdmin as signIn } from './fixtures';

afterEach(() => {
  cleanup(); // The views close first: a page tells the console's live routing it closes.
  resetAdminActors();
  vi.unstubAllGlobals();
});

const summary: ApplicationSummary = {
  id: 7,
  user_id: 'A-0007',
  full_name: 'Rhea Villanueva',
  stage_name: 'Rhea V',
  email: 'review@labsongs.test',
  app_status: 'for_review',
  application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
  created_at: '2026-01-05T08:00:00.000Z',
  submitted_at: '2026-01-09T08:00:00.000Z',
};

const detail: ApplicationDetail = {
  ...summary,
  contact_number: '9171234567',
  dial_code: '+63',
  country: 'PH',
  city: 'Quezon City',
  links: ['https://example.test/rhea'],
  pitch: 'I write love songs for weddings.',
  bio: 'Singer-songwriter from Quezon City with ten years of gigs.',
  genres: ['pop', 'ballad'],
  vocal_type: 'female',
  rate: 3000,
  songs: [
    {
      source: 'song_abcdefgh1',
      title: 'Kundiman demo',
      url: '/media/signed/abc',
      mime: 'audio/mpeg',
      size: 240_000,
      is_featured: true,
      created_at: '2026-01-06T08:00:00.000Z',
    },
    {
      source: 'song_abcdefgh2',
      title: 'Wedding song',
      url: '/media/signed/def',
      mime: 'audio/wav',
      size: 540_000,
      is_featured: false,
      created_at: '2026-01-06T08:00:00.000Z',
    },
  ],
  payout_complete: true,
  rejection_reason: null,
};

/**
 * The shared fake server keys answers by path only; the list's answer depends on its ?status=, so
 * that endpoint is answered here and everything else goes on to the shared fake.
 */
function answerList(byStatus: (status: string | null) => ApplicationSummary[]): (string | null)[] {
  const next = globalThis.fetch;
  const asked: (string | null)[] = [];
  vi.stubGlobal('fetch', async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.pathname !== '/api/v1/admin/applications') return next(input, init);
    const status = url.searchParams.get('status');
    asked.push(status);
    return new Response(JSON.stringify({ data: { items: byStatus(status), next_cursor: null } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

describe('admin login', () => {
  it('sends a visitor to the login, refuses bad credentials under the field, then lands where they were going', async () => {
    const server = fakeServer({
      'POST /api/v1/admin/auth/login': (call) =>
        (call.body as { password: string }).password === 'Admin123!'
          ? { status: 200, body: { data: { user: admin, token: fakeToken() } } }
          : {
              status: 422,
              body: {
                message: serverMessages.validationFailed,
                errors: { email: [serverMessages.invalidCredentials] },
              },
            },
      'GET /api/v1/admin/applications': () => ({
        status: 200,
        body: { data: { items: [summary], next_cursor: null } },
      }),
    });
    const { router } = renderApp('/admin/applications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toEqual({ redirect: '/admin/applications' });
    // No public header or footer on the console.
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    await userEvent.type(await screen.findByLabelText('Email'), 'admin@labsongs.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login to the admin console' }));
    expect(await screen.findByText(serverMessages.invalidCredentials)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'Admin123!');
    await userEvent.click(screen.getByRole('button', { name: 'Login to the admin console' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/applications'));
    expect(await screen.findByRole('link', { name: 'Rhea Villanueva' })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.adminToken)).toBeTruthy();
    // The customer session never saw any of it.
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    const login = server.calls.filter((c) => c.path === '/api/v1/admin/auth/login').at(-1);
    expect(login?.body).toEqual({ email: 'admin@labsongs.test', password: 'Admin123!', remember: false });
  });

  it('shows a signed-in admin the operations home at /admin', async () => {
    signIn();
    const queues = Object.fromEntries(operationsQueues.map((queue) => [queue, 0]));
    fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/operations': () => ({
        status: 200,
        body: { data: { queues: { ...queues, needs_artist: 3 }, counted_at: '2026-01-10T08:00:00.000Z' } },
      }),
    });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect((await screen.findByTestId('queue-needs_artist')).textContent).toContain('3');
  });

  it('sends a signed-out visitor of /admin to the login', async () => {
    fakeServer({});
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Operations' })).toBeNull();
  });
});

describe('admin applications', () => {
  it('lists each status in its tab, with progress and an empty state', async () => {
    signIn();
    const incomplete: ApplicationSummary = {
      ...summary,
      id: 8,
      full_name: 'Jun Cruz',
      app_status: 'incomplete',
      submitted_at: null,
      application_progress: { personal_info: true, artist_info: false, payout_info: false, password_updated: true },
    };
    fakeServer({ 'GET /api/v1/admin/auth/me': me });
    const asked = answerList((status) => (status === 'incomplete' ? [incomplete] : []));
    const { router } = renderApp('/admin/applications?status=incomplete');
    const row = await screen.findByRole('row', { name: /Jun Cruz/ });
    expect(within(row).getByText('2 of 4 parts')).toBeTruthy();
    expect(within(row).getByText('Missing: Artist info, Payout')).toBeTruthy();
    expect(within(row).getByText('Not yet')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Incomplete' }).getAttribute('aria-selected')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'approved' }));
    expect(await screen.findByText('No approved applications yet.')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'For review',
      'Approved',
      'Rejected',
      'Incomplete',
    ]);
    expect(asked).toEqual(['incomplete', 'approved']);
  });
});

describe('admin application review', () => {
  function reviewServer(overrides: Record<string, () => { status: number; body: unknown }> = {}) {
    let current: ApplicationDetail = detail;
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/applications/7': () => ({ status: 200, body: { data: current } }),
      'POST /api/v1/admin/applications/7/reject': (call) => {
        current = { ...detail, app_status: 'rejected', rejection_reason: (call.body as { reason: string }).reason };
        return { status: 200, body: { message: artistMessages.applicationRejected, data: current } };
      },
      'POST /api/v1/admin/applications/7/approve': () => {
        current = { ...detail, app_status: 'approved' };
        return { status: 200, body: { message: artistMessages.applicationApproved, data: current } };
      },
      ...overrides,
    });
    return server;
  }

  it('an application that does not exist says so; Try again asks the server again', async () => {
    signIn();
    let asked = 0;
    reviewServer({
      'GET /api/v1/admin/applications/7': () => {
        asked += 1;
        return asked === 1 ? { status: 404, body: { message: 'Not found.' } } : { status: 200, body: { data: detail } };
      },
    });
    renderApp('/admin/applications/7');
    expect((await screen.findByRole('alert')).textContent).toBe('This application does not exist.');
    expect(screen.getByRole('link', { name: 'Back to applications' }).getAttribute('href')).toBe('/admin/applications');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Rhea Villanueva' })).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('shows the application with its samples as players, and payout completeness without numbers', async () => {
    signIn();
    reviewServer();
    renderApp('/admin/applications/7');
    expect(await screen.findByRole('heading', { name: 'Rhea Villanueva' })).toBeTruthy();
    const players = document.querySelectorAll('audio');
    expect(players).toHaveLength(2);
    expect(players[0]?.getAttribute('src')).toBe('/media/signed/abc');
    expect(players[0]?.hasAttribute('controls')).toBe(true);
    expect(screen.getByLabelText('Play Kundiman demo')).toBeTruthy();
    expect(screen.getByTestId('payout-status').textContent).toBe('Payout details: complete');
    expect(screen.getByText('Pop, Ballad')).toBeTruthy();
    expect(screen.getByText('Female vocals')).toBeTruthy();
    expect(screen.getByText('I write love songs for weddings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.test/rhea' }).getAttribute('rel')).toContain('noopener');
  });

  it('asks for a reason of at least 10 characters before rejecting, then shows the new status', async () => {
    signIn();
    const server = reviewServer();
    renderApp('/admin/applications/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject application' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Too short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await within(dialog).findByText(artistMessages.reasonRequired)).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason'), ' — the samples are too quiet to judge.');
    expect(within(dialog).queryByText(artistMessages.reasonRequired)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText(artistMessages.applicationRejected)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('application-status').textContent).toBe('Rejected'));
    expect(server.calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({
      reason: 'Too short — the samples are too quiet to judge.',
    });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves after a confirmation', async () => {
    signIn();
    reviewServer();
    renderApp('/admin/applications/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve application' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(artistMessages.applicationApproved)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('application-status').textContent).toBe('Approved'));
  });

  it('shows a 409 (already decided) as a toast and reloads the application', async () => {
    signIn();
    const server = reviewServer({
      'POST /api/v1/admin/applications/7/approve': () => ({
        status: 409,
        body: { message: artistMessages.notForReview },
      }),
    });
    renderApp('/admin/applications/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve application' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(artistMessages.notForReview)).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/v1/admin/applications/7').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('signs out after the confirmation and a 401 elsewhere ends the console session', async () => {
    signIn();
    const server = reviewServer({
      'POST /api/v1/admin/auth/logout': () => ({ status: 200, body: { message: 'You have been signed out.' } }),
    });
    const { router } = renderApp('/admin/applications/7');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Labsongs Admin')).toBeTruthy();
    expect(within(banner).getByRole('navigation', { name: 'Admin' })).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(specMessages.signOutConfirm);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull();
    expect(server.calls.find((c) => c.path === '/api/v1/admin/auth/logout')?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
  });

  it('a 401 from the API sends the admin to the login with a notice', async () => {
    signIn();
    fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/applications/7': () => ({ status: 401, body: { message: serverMessages.unauthenticated } }),
    });
    const { router } = renderApp('/admin/applications/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem(storageKeys.adminToken)).toBeNull();
  });
});
