import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../contracts/account';
import type { Notification, NotificationsPage } from '../../contracts/notifications';
import { storageKeys } from '../../contracts/storage-keys';
import type { AppActors } from '../../src/actors/app-actors';
import { getAdminActors, resetAdminActors } from '../../src/admin/admin-actors';
import { toaster } from '../../src/components/ui/toaster-region';
import { type FakeCall, fakeServer, fakeToken, makeUser, renderApp, storeSession } from './app-harness';

const ok = (data: unknown) => ({ status: 200, body: { data } });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const note = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  title: 'Order completed',
  body: `Order OR${1000 + id} is complete.`,
  type: 'completed_order',
  is_read: true,
  created_at: minutesAgo(id),
  order_id: 1000 + id,
  ...overrides,
});

const accepted = note(12, {
  type: 'accepted_by_artist',
  title: 'An artist accepted your order',
  body: 'Lia is now working on the song for Ana (OR1012).',
  is_read: false,
  created_at: minutesAgo(5),
});
const validated = note(11, {
  type: 'validated_by_admin',
  title: 'Recording validated',
  body: 'The song for Ana (OR1011) passed validation and is ready to listen to.',
  is_read: false,
  created_at: minutesAgo(90),
});
const completed = note(10, { created_at: minutesAgo(60 * 24 * 3) });
const older = note(9, { title: 'Order cancelled', body: 'Order OR1009 was cancelled.', type: 'cancelled_order' });

const customer = makeUser();
const artist = makeUser({
  type: 'artist',
  user_id: 'a_1',
  full_name: 'Liza Cruz',
  first_name: 'Liza',
  app_status: 'approved',
  application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
  is_online: 1,
  featured_song_path: 'song0001',
});

let started: AppActors[] = [];
afterEach(() => {
  // The app's actors outlive a render: stop their root (and with it the notification centre) so no
  // stream retries linger. The views close first: a page tells the root it closes.
  cleanup();
  for (const actors of started) actors.root.stop();
  started = [];
  resetAdminActors();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
  // The toaster outlives a test.
  toaster.remove();
});

type Pages = Record<string, NotificationsPage>;

/** A signed-in account whose notification pages are answered by cursor ('' for the first). */
function signedIn(user: AuthUser, pages: Pages, extra: Parameters<typeof fakeServer>[0] = {}) {
  const area = user.type === 'artist' ? 'artist' : 'user';
  storeSession(user);
  const unread = { count: pages['']?.unread_count ?? 0 };
  return fakeServer({
    [`GET /api/v1/${area}/auth/me`]: () => ok(user),
    [`GET /api/v1/${area}/notifications`]: (call) => {
      const page = pages[call.query.get('cursor') ?? ''];
      return page ? ok({ ...page, unread_count: unread.count }) : undefined;
    },
    [`PATCH /api/v1/${area}/notifications/12`]: (call) => {
      const read = (call.body as { mark_as_read: boolean }).mark_as_read;
      unread.count += read ? -1 : 1;
      return ok({ notification: { ...accepted, is_read: read }, unread_count: unread.count });
    },
    [`PATCH /api/v1/${area}/notifications/10`]: (call) => {
      const read = (call.body as { mark_as_read: boolean }).mark_as_read;
      unread.count += read ? -1 : 1;
      return ok({ notification: { ...completed, is_read: read }, unread_count: unread.count });
    },
    ...extra,
  });
}

function render(path: string) {
  const view = renderApp(path);
  started.push(view.actors);
  return view;
}

const firstPage: NotificationsPage = {
  notifications: [accepted, validated, completed],
  next_cursor: '10',
  unread_count: 2,
};
/** An item's own button (its menu button names the title too). */
const itemButton = (panel: HTMLElement, title: string) =>
  within(panel).getByRole('button', { name: new RegExp(`^(Unread: )?${title}`) });
const patches = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body]);

async function openBell(name: string | RegExp = /^Notifications/) {
  const bell = await screen.findByRole('button', { name });
  await userEvent.click(bell);
  return { bell, panel: await screen.findByRole('dialog', { name: 'Notifications' }) };
}

describe('notification bell (customer)', () => {
  it('names and badges the unread count, lists title, body and age, and announces unread items', async () => {
    signedIn(customer, { '': firstPage });
    render('/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notification-badge').textContent).toBe('2');
    expect(screen.getByText('2 unread notifications').getAttribute('role')).toBe('status');

    const { panel } = await openBell('Notifications, 2 unread');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((i) => i.querySelector('[data-part=title]')?.textContent)).toEqual([
      'An artist accepted your order',
      'Recording validated',
      'Order completed',
    ]);
    const first = items[0] as HTMLElement;
    expect(first.hasAttribute('data-unread')).toBe(true);
    expect(within(first).getByRole('button', { name: /^Unread: An artist accepted your order/ })).toBeTruthy();
    expect(first.textContent).toContain('Lia is now working on the song for Ana (OR1012).');
    expect(first.querySelector('time')?.textContent).toBe('5 minutes ago');
    expect(items[1]?.querySelector('time')?.textContent).toBe('1 hour ago');
    expect(items[2]?.querySelector('time')?.textContent).toBe('3 days ago');
    expect((items[2] as HTMLElement).hasAttribute('data-unread')).toBe(false);
    expect(within(items[2] as HTMLElement).queryByText(/^Unread/)).toBeNull();
  });

  it('says "No notifications" when there are none, and the bell has no badge', async () => {
    signedIn(customer, { '': { notifications: [], next_cursor: null, unread_count: 0 } });
    render('/');
    const { bell, panel } = await openBell('Notifications');
    expect(await within(panel).findByText('No notifications')).toBeTruthy();
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'See previous notification' })).toBeNull();
  });

  it('a click marks the item read and opens its order; the dropdown closes', async () => {
    const server = signedIn(customer, { '': firstPage });
    const { router } = render('/');
    const { panel } = await openBell('Notifications, 2 unread');
    await userEvent.click(itemButton(panel, 'An artist accepted your order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account/orders/1012'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    expect(patches(server.calls)).toEqual([['/api/v1/user/notifications/12', { mark_as_read: true }]]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('Enter on an item opens it too; Escape closes the dropdown and gives the focus back to the bell', async () => {
    signedIn(customer, { '': firstPage });
    const { router } = render('/');
    const { bell, panel } = await openBell('Notifications, 2 unread');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(document.activeElement).toBe(bell);
    expect(panel.isConnected).toBe(false);

    await userEvent.keyboard('{Enter}');
    const reopened = await screen.findByRole('dialog', { name: 'Notifications' });
    itemButton(reopened, 'Recording validated').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account/orders/1011'));
  });

  it('"Mark all as read" marks every one read at once, empties the badge and keeps the focus in the panel', async () => {
    const server = signedIn(
      customer,
      { '': firstPage },
      { 'POST /api/v1/user/notifications/read-all': () => ok({ marked: 2, unread_count: 0 }) },
    );
    render('/');
    const { bell, panel } = await openBell('Notifications, 2 unread');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
    expect(bell.getAttribute('aria-label')).toBe('Notifications');
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(within(panel).queryAllByRole('button', { name: /^Unread: / })).toEqual([]);
    expect(document.activeElement).toBe(itemButton(panel, 'An artist accepted your order'));
    await waitFor(() =>
      expect(server.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
        ['/api/v1/user/notifications/read-all', { up_to_id: 12 }],
      ]),
    );
  });

  it('"See previous notification" waits 500 ms, then adds the next page below and disappears on the last', async () => {
    const server = signedIn(customer, {
      '': firstPage,
      '10': { notifications: [older], next_cursor: null, unread_count: 2 },
    });
    render('/');
    const { panel } = await openBell('Notifications, 2 unread');
    const more = within(panel).getByRole('button', { name: 'See previous notification' });
    const clickedAt = Date.now();
    await userEvent.click(more);
    expect(more.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(within(panel).getAllByTestId('notification-item')).toHaveLength(4));
    const call = server.calls.find((c) => c.path === '/api/v1/user/notifications' && c.query.get('cursor'));
    expect(call?.query.get('cursor')).toBe('10');
    expect(call?.query.get('limit')).toBe('10');
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(500);
    expect(within(panel).getAllByTestId('notification-item').at(-1)?.textContent).toContain(
      'Order OR1009 was cancelled.',
    );
    expect(within(panel).queryByRole('button', { name: 'See previous notification' })).toBeNull();
    // The focus moves on to the first of the older ones (the button it was on is gone).
    expect(document.activeElement).toBe(itemButton(panel, 'Order cancelled'));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panel);
  });

  it('"Mark as unread" from the item menu sends mark_as_read false and counts it', async () => {
    const server = signedIn(customer, { '': firstPage });
    render('/');
    const { panel } = await openBell('Notifications, 2 unread');
    await userEvent.click(within(panel).getByRole('button', { name: 'More actions for "Order completed"' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as unread' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    await waitFor(() =>
      expect(patches(server.calls)).toEqual([['/api/v1/user/notifications/10', { mark_as_read: false }]]),
    );
    const item = within(panel).getAllByTestId('notification-item')[2] as HTMLElement;
    expect(item.hasAttribute('data-unread')).toBe(true);
    // The dropdown stays open for more.
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    await userEvent.click(within(item).getByRole('button', { name: /More actions/ }));
    expect(await screen.findByRole('menuitem', { name: 'Mark as read' })).toBeTruthy();
    // Escape closes the item menu first, then the dropdown.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });

  it('a refused change puts the item back and shows the server message', async () => {
    const server = signedIn(
      customer,
      { '': firstPage },
      {
        'PATCH /api/v1/user/notifications/12': () => ({ status: 503, body: { message: 'Try again in a moment.' } }),
      },
    );
    render('/');
    const { panel } = await openBell('Notifications, 2 unread');
    // The keyboard path: the item's menu button, Enter to open it, Enter on its one item.
    within(panel).getByRole('button', { name: 'More actions for "An artist accepted your order"' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Mark as read' });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(await screen.findByText('Try again in a moment.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });
});

describe('notification bell (artist)', () => {
  it('sits in the artist top bar and leads by the product table: new_order → song orders', async () => {
    const offer = note(30, {
      type: 'new_order',
      title: 'New song order',
      body: 'You have a new birthday song offer for Lola (OR1030). Accept it before it expires.',
      is_read: false,
    });
    const server = signedIn(
      artist,
      { '': { notifications: [offer], next_cursor: null, unread_count: 1 } },
      {
        'PATCH /api/v1/artist/notifications/30': () =>
          ok({ notification: { ...offer, is_read: true }, unread_count: 0 }),
        'GET /api/v1/artist/orders': () => ok({ items: [], next_cursor: null }),
        'GET /api/v1/artist/dashboard': () => ok({}),
      },
    );
    const { router } = render('/artist/profile');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.closest('header')?.querySelector('[data-testid=artist-page-title]')).not.toBeNull();
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(itemButton(panel, 'New song order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/song-orders'));
    expect(router.state.location.hash).toBe('order-1030');
    expect(patches(server.calls)).toEqual([['/api/v1/artist/notifications/30', { mark_as_read: true }]]);
  });
});

/** EventSource as the browser has it: the test plays the server's messages and errors. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown, id?: string) {
    const event = new MessageEvent(type, { data: data === undefined ? '' : JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event as MessageEvent<string>);
  }
}

describe('notification bell (live)', () => {
  it('opens the stream after the first page and shows pushed notifications at once, each once', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const server = signedIn(
      customer,
      { '': firstPage },
      { 'POST /api/v1/user/notifications/stream-token': () => ok({ token: 'tok-1', expires_in: 60 }) },
    );
    render('/');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0] as FakeEventSource;
    const url = new URL(source.url);
    expect(url.pathname).toBe('/api/v1/user/notifications/stream');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'tok-1', last_event_id: '12' });
    expect(server.calls.find((c) => c.path.endsWith('stream-token'))?.headers.get('authorization')).toMatch(/^Bearer /);

    source.emit('open');
    const pushed = note(13, { title: 'Order completed', body: 'Order OR1013 is complete.', is_read: false });
    source.emit('notification', { notification: pushed, unread_count: 3 }, '13');
    source.emit('notification', { notification: pushed, unread_count: 3 }, '13');
    const { panel } = await openBell('Notifications, 3 unread');
    const items = within(panel).getAllByTestId('notification-item');
    expect(items).toHaveLength(4);
    expect(items[0]?.textContent).toContain('Order OR1013 is complete.');
    source.emit('unread', { unread_count: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('after an error closes the stream and reconnects with a fresh token from the newest id seen', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let tokens = 0;
    signedIn(
      customer,
      { '': firstPage },
      {
        'POST /api/v1/user/notifications/stream-token': () => {
          tokens += 1;
          return ok({ token: `tok-${tokens}`, expires_in: 60 });
        },
      },
    );
    render('/');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.emit('notification', { notification: note(14, { is_read: false }), unread_count: 3 }, '14');
    first.emit('error');
    expect(first.closed).toBe(true);
    // The first pause is 1 s.
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2500 });
    const params = new URL((FakeEventSource.opened[1] as FakeEventSource).url).searchParams;
    expect(Object.fromEntries(params)).toEqual({ token: 'tok-2', last_event_id: '14' });
  });

  it('stops the stream when the user signs out', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    signedIn(
      customer,
      { '': firstPage },
      {
        'POST /api/v1/user/notifications/stream-token': () => ok({ token: 'tok-1', expires_in: 60 }),
        'POST /api/v1/user/auth/logout': () => ok(null),
      },
    );
    const { actors } = render('/');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    actors.session.send({ type: 'user.signOut' });
    await waitFor(() => expect((FakeEventSource.opened[0] as FakeEventSource).closed).toBe(true));
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });
});

describe('notification bell (admin console)', () => {
  it('sits in the admin top bar on the admin client and leads a new recording to its order, from validation', async () => {
    const admin = makeUser({ id: 50, type: 'admin', full_name: 'Lab Admin', first_name: 'Lab', last_name: 'Admin' });
    const upload = note(40, {
      type: 'uploaded_by_artist',
      title: 'Recording uploaded',
      body: 'A recording for order OR1040 was uploaded and is waiting for validation.',
      is_read: false,
    });
    localStorage.setItem(storageKeys.adminToken, fakeToken());
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': () => ok(admin),
      'GET /api/v1/admin/applications': () => ok({ items: [], next_cursor: null }),
      'GET /api/v1/admin/notifications': () => ok({ notifications: [upload], next_cursor: null, unread_count: 1 }),
      'PATCH /api/v1/admin/notifications/40': () => ok({ notification: { ...upload, is_read: true }, unread_count: 0 }),
    });
    const { router } = render('/admin/applications');
    const { panel } = await openBell('Notifications, 1 unread');
    await userEvent.click(itemButton(panel, 'Recording uploaded'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/1040'));
    expect(router.state.location.search).toEqual({ from: 'validation' });
    expect(patches(server.calls)).toEqual([['/api/v1/admin/notifications/40', { mark_as_read: true }]]);
    expect(getAdminActors().notifications.getSnapshot().context.area).toBe('admin');
  });
});
