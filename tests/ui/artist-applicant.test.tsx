import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationProgress, AppStatus, AuthUser } from '../../contracts/account';
import type { ArtistProfile } from '../../contracts/artist';
import { specMessages } from '../../contracts/messages';
import { notificationTexts } from '../../contracts/notifications';
import { type FakeCall, fakeServer, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown, message?: string) => ({ status: 200, body: { data, ...(message ? { message } : {}) } });

const allDone: ApplicationProgress = {
  personal_info: true,
  artist_info: true,
  payout_info: true,
  password_updated: true,
};
const noneDone: ApplicationProgress = {
  personal_info: false,
  artist_info: false,
  payout_info: false,
  password_updated: false,
};

const applicant = (app_status: AppStatus, application_progress: ApplicationProgress): AuthUser =>
  makeUser({
    id: 7,
    type: 'artist',
    user_id: 'a_7',
    full_name: 'Ben Cruz',
    first_name: 'Ben',
    last_name: 'Cruz',
    email: 'ben@labsongs.test',
    app_status,
    application_progress,
  });

const REASON = 'Your sample is too quiet to judge. Please upload a clearer take.';

function profileOf(user: AuthUser, rejection_reason: string | null): ArtistProfile {
  return {
    user,
    stage_name: 'Ben C',
    pending_stage_name: null,
    city: 'Quezon City',
    birthdate: '1990-04-01',
    bio: 'I write warm acoustic songs for weddings and birthdays.',
    genres: ['pop'],
    vocal_type: 'male',
    rate: 3000,
    turnaround_days: 7,
    rush_price: null,
    rush_turnaround_days: null,
    links: [],
    pitch: null,
    payout: null,
    songs: [],
    rejection_reason,
  };
}

/** A signed-in artist with GET /profile (and the calls every artist page makes); `extra` adds more. */
function signedInApplicant(user: AuthUser, reason: string | null, extra: Parameters<typeof fakeServer>[0] = {}) {
  storeSession(user);
  return fakeServer({
    'GET /api/v1/artist/auth/me': () => ok(user),
    'GET /api/v1/artist/profile': () => ok(profileOf(user, reason)),
    'GET /api/v1/artist/options': () => ok({ genres: [], vocal_types: [], base_price: 2500 }),
    'GET /api/v1/artist/notifications': () => ok({ notifications: [], next_cursor: null, unread_count: 0 }),
    ...extra,
  });
}

describe('a rejected applicant', () => {
  it("lands on the profile, reads the admin's reason there, and can reopen the form to resubmit", async () => {
    const user = applicant('rejected', allDone);
    signedInApplicant(user, REASON);
    // The gate sends an unapproved artist from the dashboard to the profile.
    const { router } = renderApp('/artist/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/profile'));
    const section = await screen.findByRole('region', { name: 'What our team asked you to change' });
    await waitFor(() => expect(within(section).getByTestId('rejection-reason').textContent).toBe(REASON));
    await userEvent.click(within(section).getByRole('link', { name: 'Edit and resubmit my application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/application-form'));
    // The form keeps the reason in sight.
    expect(await screen.findByText(REASON)).toBeTruthy();
  });

  it('is told in the bell, and the notification opens the profile with the reason', async () => {
    const user = applicant('rejected', allDone);
    const text = notificationTexts.application_rejected({ reference: '', occasion: '', recipient: '' });
    const note = {
      id: 3,
      type: 'application_rejected',
      title: text.title,
      body: text.body,
      is_read: false,
      order_id: null,
      created_at: new Date().toISOString(),
    };
    signedInApplicant(user, REASON, {
      'GET /api/v1/artist/notifications': () => ok({ notifications: [note], next_cursor: null, unread_count: 1 }),
      'PATCH /api/v1/artist/notifications/3': () => ok({ notification: { ...note, is_read: true }, unread_count: 0 }),
    });
    const { router } = renderApp('/artist/account-settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.textContent).toContain('Read the reason on your profile');
    await userEvent.click(within(panel).getByText(text.title));
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/profile'));
    expect(await screen.findByText(REASON)).toBeTruthy();
  });

  it('an artist in review sees no rejection box', async () => {
    signedInApplicant(applicant('for_review', allDone), null);
    renderApp('/artist/profile');
    expect(await screen.findByTestId('artist-status')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What our team asked you to change' })).toBeNull();
  });
});

describe('an unfinished applicant on /artist/application-form', () => {
  it('can sign out there, and the logo leads to the public home page (not back into the gate)', async () => {
    const user = applicant('incomplete', noneDone);
    const server = signedInApplicant(user, null, {
      'POST /api/v1/artist/auth/logout': () => ok(null),
    });
    const { router } = renderApp('/artist/application-form');
    expect(await screen.findByRole('heading', { name: 'Your artist application' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Labsongs home' }).getAttribute('href')).toBe('/');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(specMessages.signOutConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: /sign out|yes|log ?out/i }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(server.calls.some((c: FakeCall) => c.path === '/api/v1/artist/auth/logout')).toBe(true));
  });

  it('the logo of an artist awaiting review leads to their profile', async () => {
    signedInApplicant(applicant('rejected', allDone), REASON);
    renderApp('/artist/application-form');
    await screen.findByRole('heading', { name: 'Your artist application' });
    expect(screen.getByRole('link', { name: 'Labsongs home' }).getAttribute('href')).toBe('/artist/profile');
  });

  it('says "Passwords do not match." as the confirmation is typed, and sends nothing until they match', async () => {
    const user = applicant('incomplete', { ...allDone, password_updated: false });
    const server = signedInApplicant(user, null);
    renderApp('/artist/application-form');
    const current = await screen.findByLabelText('Temporary password (from our email)');
    await userEvent.type(current, 'Temp1234!');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123');
    const confirm = screen.getByLabelText('Confirm new password');
    await userEvent.type(confirm, 'NewPass12');
    expect(await screen.findByText(specMessages.passwordsDoNotMatch)).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.type(confirm, '3');
    await waitFor(() => expect(screen.queryByText(specMessages.passwordsDoNotMatch)).toBeNull());
  });
});
