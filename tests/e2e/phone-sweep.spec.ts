import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { storageKeys } from '../../contracts/storage-keys';
import type { FileRoutesByTo } from '../../src/routeTree.gen';
import { e2e } from './env';
import { test as base, expect } from './test';

// Every route of the route tree on a phone (375 px, and the narrowest common phone, 320 px): the page
// must not scroll sideways and nothing may stick out past the right (or left) edge. One screenshot per
// route and width goes to .tmp/phone-sweep/<width>/ for a person to look at.
//
// The route list is typed by the generated route tree, and checked against its text at run time: a new
// route fails here (and in tsc) until it is swept or excluded with a reason.

type RoutePath = keyof FileRoutesByTo;
type Role = 'public' | 'customer' | 'buyer' | 'artist' | 'applicant' | 'admin';

/** Ids of demo data the addresses need, read from the API once per worker. */
interface Demo {
  artistPublicId: string;
  customerOrderId: number;
  giftToken: string;
  unpaidOrderId: number;
  draftId: number;
  committedDraftId: number;
  applicationId: number;
  adminOrderId: number;
}

interface Sweep {
  role: Role;
  url: (demo: Demo) => string;
  /** The path the visit must end on, when the route redirects (default: the path of `url`). */
  endsOn?: RegExp;
  /** Local storage to set before the page loads (the order draft's keys). */
  storage?: (demo: Demo) => Partial<Record<keyof typeof storageKeys, string>>;
}
type Entry = Sweep | { excluded: string };

const draftStorage = (orderId: number, steps: string[], order: unknown = null) => ({
  hasPendingOrder: 'true',
  completedSteps: JSON.stringify(Object.fromEntries(steps.map((s) => [s, true]))),
  tempOrder: JSON.stringify({ orderId, forms: null, order }),
});

const routes: Record<RoutePath, Entry> = {
  // Public
  '/': { role: 'public', url: () => '/' },
  '/$': { role: 'public', url: () => '/no/such/page', endsOn: /^\/(no\/such\/page|404)$/ },
  '/404': { role: 'public', url: () => '/404' },
  '/about': { role: 'public', url: () => '/about' },
  '/artists': { role: 'public', url: () => '/artists' },
  '/privacy-policy': { role: 'public', url: () => '/privacy-policy' },
  '/terms': { role: 'public', url: () => '/terms' },
  '/contact': { role: 'public', url: () => '/contact' },
  '/confirm-email': { role: 'public', url: () => '/confirm-email?token=0000' },
  '/reset-password': {
    role: 'public',
    url: () => '/reset-password?token=0000&email=customer%40labsongs.test',
  },
  '/artist/$id': { role: 'public', url: (d) => `/artist/${d.artistPublicId}` },
  '/artist/login': { role: 'public', url: () => '/artist/login' },
  '/artist/forgot-password': { role: 'public', url: () => '/artist/forgot-password' },
  '/artist/reset-password': {
    role: 'public',
    url: () => '/artist/reset-password?token=0000&email=artist1%40labsongs.test',
  },
  '/artist/application': { role: 'public', url: () => '/artist/application' },
  '/gift/$token': { role: 'public', url: (d) => `/gift/${d.giftToken}` },
  '/admin/login': { role: 'public', url: () => '/admin/login' },

  // Customer
  '/customer': { role: 'customer', url: () => '/customer', endsOn: /^\/customer\/account$/ },
  '/customer/account': {
    role: 'customer',
    url: () => '/customer/account',
    endsOn: /^\/customer\/account(\/order-history)?$/,
  },
  '/customer/account/order-history': { role: 'customer', url: () => '/customer/account/order-history' },
  '/customer/account/payment-history': { role: 'customer', url: () => '/customer/account/payment-history' },
  '/customer/account/settings': { role: 'customer', url: () => '/customer/account/settings' },
  '/customer/account/orders/$id': { role: 'customer', url: (d) => `/customer/account/orders/${d.customerOrderId}` },
  '/order': { role: 'customer', url: () => '/order', endsOn: /^\/order\/occasion$/ },
  '/order/occasion': { role: 'customer', url: () => '/order/occasion' },
  '/order/song': {
    role: 'buyer',
    url: () => '/order/song',
    storage: (d) => draftStorage(d.draftId, ['occasion', 'song', 'story']),
  },
  '/order/story': {
    role: 'buyer',
    url: () => '/order/story',
    storage: (d) => draftStorage(d.draftId, ['occasion', 'song', 'story']),
  },
  '/order/review': {
    role: 'buyer',
    url: () => '/order/review',
    storage: (d) => draftStorage(d.draftId, ['occasion', 'song', 'story']),
  },
  '/order/checkout': {
    role: 'buyer',
    url: () => '/order/checkout',
    storage: (d) => ({
      ...draftStorage(d.committedDraftId, ['occasion', 'song', 'story', 'review'], {
        id: d.unpaidOrderId,
        reference: null,
        price: null,
      }),
      checkoutPending: 'true',
    }),
  },
  '/checkout/$status': { role: 'buyer', url: (d) => `/checkout/failed?order=${d.unpaidOrderId}` },
  '/pay/$orderId': { role: 'buyer', url: (d) => `/pay/${d.unpaidOrderId}` },

  // Artist (approved, with orders at every stage)
  '/artist': { role: 'artist', url: () => '/artist', endsOn: /^\/artist\/(dashboard|login)$/ },
  '/artist/dashboard': { role: 'artist', url: () => '/artist/dashboard' },
  '/artist/song-orders': { role: 'artist', url: () => '/artist/song-orders' },
  '/artist/ongoing': { role: 'artist', url: () => '/artist/ongoing' },
  '/artist/validation': { role: 'artist', url: () => '/artist/validation' },
  '/artist/revision': { role: 'artist', url: () => '/artist/revision' },
  '/artist/completed': { role: 'artist', url: () => '/artist/completed' },
  '/artist/earnings': { role: 'artist', url: () => '/artist/earnings' },
  '/artist/profile': { role: 'artist', url: () => '/artist/profile' },
  '/artist/account-settings': { role: 'artist', url: () => '/artist/account-settings' },
  // Only an applicant with an unfinished application stays on the form (the gate sends others away).
  '/artist/application-form': { role: 'applicant', url: () => '/artist/application-form' },

  // Operations
  '/admin': { role: 'admin', url: () => '/admin', endsOn: /^\/admin$/ },
  '/admin/applications': { role: 'admin', url: () => '/admin/applications' },
  '/admin/applications/$id': { role: 'admin', url: (d) => `/admin/applications/${d.applicationId}` },
  '/admin/orders': { role: 'admin', url: () => '/admin/orders' },
  '/admin/orders/$id': { role: 'admin', url: (d) => `/admin/orders/${d.adminOrderId}` },
  '/admin/artists': { role: 'admin', url: () => '/admin/artists' },
  '/admin/validation': { role: 'admin', url: () => '/admin/validation' },
  '/admin/payouts': { role: 'admin', url: () => '/admin/payouts' },
  '/admin/refunds': { role: 'admin', url: () => '/admin/refunds' },
  '/admin/payments': { role: 'admin', url: () => '/admin/payments' },
  '/admin/support': { role: 'admin', url: () => '/admin/support' },
};

/** The route tree's own list (`FileRoutesByTo` in the generated file), independent of the type above. */
function routeTreePaths(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /export interface FileRoutesByTo \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1] as string);
}

// ---- Sessions and demo ids -------------------------------------------------------------------------

const accounts = {
  customer: { area: 'user', email: 'customer@labsongs.test', password: 'Customer123!' },
  // A customer of its own for the drafts and the unpaid order, so the demo customer's lists stay as seeded.
  buyer: { area: 'user', email: `phone-sweep.${process.pid}@example.test`, password: 'Customer123!' },
  artist: { area: 'artist', email: 'artist1@labsongs.test', password: 'Artist123!' },
  applicant: { area: 'artist', email: 'newartist@labsongs.test', password: 'Artist123!' },
  admin: { area: 'admin', email: 'admin@labsongs.test', password: 'Admin123!' },
} as const;
type SignedIn = Exclude<Role, 'public'>;
interface Session {
  token: string;
  user: unknown;
}

async function logIn(request: APIRequestContext, role: SignedIn): Promise<Session> {
  const { area, email, password } = accounts[role];
  if (role === 'buyer') {
    const registered = await request.post('/api/v1/user/auth/register', {
      data: {
        first_name: 'Maria',
        last_name: 'Santos',
        email,
        password,
        password_confirmation: password,
        contact_number: '917 123 4567',
        country: 'PH',
        dial_code: '+63',
      },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);
  }
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: { token: string; user: unknown } };
  // The tour would cover the artist's pages; it has its own journey.
  if (area === 'artist')
    await request.patch('/api/v1/artist/auth/first-time-login', { headers: { Authorization: `Bearer ${data.token}` } });
  return { token: data.token, user: data.user };
}

async function api<T>(request: APIRequestContext, method: string, path: string, token: string, data?: unknown) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return ((await answer.json()) as { data: T }).data;
}

/** A customer draft through the story step (not committed), and its order id when `commit` is set. */
async function draft(request: APIRequestContext, token: string, artist: string, commit: boolean) {
  const U = '/api/v1/user';
  const { order_id: id } = await api<{ order_id: number }>(request, 'POST', `${U}/temp-order`, token, {
    gifter_first_name: 'Maria',
    gifter_last_name: 'Santos',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: accounts.buyer.email,
    recipient_first_name: 'Bartholomew-Maximilian',
    recipient_last_name: 'Dela Cruz-Villanueva',
    recipient_relationship: 'partner',
    recipient_pronunciation: 'BAR-tho-lo-mew',
    recipient_mentioned: true,
    occasion_name: 'birthday',
    occasion_mentioned: false,
  });
  await api(request, 'PATCH', `${U}/temp-order/${id}/song`, token, {
    selected_artists: [artist],
    song_mood: 'romantic',
    song_tempo: 'medium',
    genre: 'pop',
    vocal_type: 'female',
    is_rebook: false,
    needed_by: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
  });
  await api(request, 'PATCH', `${U}/temp-order/${id}/story`, token, {
    song_about: 'Thirty years of Sunday lunches and the song he hums while cooking adobo for everyone.',
    song_prompt1_title: 'How we met',
    song_prompt1_details: 'At a fiesta in Batangas.',
    song_prompt2_title: '',
    song_prompt2_details: '',
    song_clip: null,
    song_prompt1_clip: null,
    song_prompt2_clip: null,
    audio_recording1_clip: null,
    audio_recording2_clip: null,
  });
  if (!commit) return { draftId: id, orderId: 0 };
  const order = await api<{ id: number }>(request, 'POST', `${U}/temp-order/${id}/commit`, token);
  return { draftId: id, orderId: order.id };
}

async function readDemo(request: APIRequestContext, sessions: Record<SignedIn, Session>): Promise<Demo> {
  const customer = sessions.customer.token;
  const admin = sessions.admin.token;
  const catalogue = await api<{ artists: { id: string }[] }>(request, 'GET', '/api/v1/user/artists', customer);
  const artistPublicId = catalogue.artists[0]?.id as string;
  const { orders } = await api<{ orders: { id: number; gift: { token: string } | null }[] }>(
    request,
    'GET',
    '/api/v1/user/orders',
    customer,
  );
  const gifted = orders.find((o) => o.gift);
  const open = await draft(request, sessions.buyer.token, artistPublicId, false);
  const committed = await draft(request, sessions.buyer.token, artistPublicId, true);
  const applications = await api<{ items: { id: number }[] }>(request, 'GET', '/api/v1/admin/applications', admin);
  const adminOrders = await api<{ items: { id: number }[] }>(request, 'GET', '/api/v1/admin/orders?stage=all', admin);
  return {
    artistPublicId,
    customerOrderId: (orders.find((o) => !o.gift) ?? orders[0])?.id as number,
    giftToken: gifted?.gift?.token as string,
    unpaidOrderId: committed.orderId,
    draftId: open.draftId,
    committedDraftId: committed.draftId,
    applicationId: applications.items[0]?.id as number,
    adminOrderId: adminOrders.items[0]?.id as number,
  };
}

const test = base.extend<object, { sessions: Record<SignedIn, Session>; demo: Demo }>({
  sessions: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: e2e.baseUrl });
      const sessions = {} as Record<SignedIn, Session>;
      for (const role of Object.keys(accounts) as SignedIn[]) sessions[role] = await logIn(request, role);
      await use(sessions);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  demo: [
    async ({ playwright, sessions }, use) => {
      const request = await playwright.request.newContext({ baseURL: e2e.baseUrl });
      await use(await readDemo(request, sessions));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

/** Signs the page in as `role` the way the app itself would find a session: through its storage keys. */
async function signIn(page: Page, role: Role, sessions: Record<SignedIn, Session>, extra: Record<string, string>) {
  const values: Record<string, string> = {};
  if (role === 'admin') values[storageKeys.adminToken] = sessions.admin.token;
  else if (role !== 'public') {
    values[storageKeys.accessToken] = sessions[role].token;
    values[storageKeys.user] = JSON.stringify(sessions[role].user);
    values[storageKeys.userType] = accounts[role].area;
  }
  for (const [key, value] of Object.entries(extra)) values[storageKeys[key as keyof typeof storageKeys]] = value;
  // Once per page: a reload inside the app must see what the app itself wrote since.
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('phone-sweep-seeded')) return;
    sessionStorage.setItem('phone-sweep-seeded', '1');
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(values));
}

/** Waits until the page has drawn its data: live, a main region with content, nothing busy, fonts in. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.locator('main').first()).toBeVisible();
  await expect.poll(async () => (await page.locator('main').first().textContent())?.trim()).toBeTruthy();
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll('[aria-busy="true"], [data-loading="true"], [data-testid="loading-frame"]')
              .length,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
  // Images and late layout (charts, lazy chunks) get a moment to land.
  await page.waitForTimeout(500);
}

/** Everything that sticks out of the viewport sideways, outermost first; empty when the page fits. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the document is ${root.scrollWidth} px wide (viewport ${width} px)`);
    if (document.body.scrollWidth > width)
      problems.push(`the body is ${document.body.scrollWidth} px wide (viewport ${width} px)`);
    const nameOf = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : '';
      const label = el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${testId}${label}> "${text}"`;
    };
    /**
     * Inside a sideways scroller (a table, a tab strip) an element is meant to scroll, not the page; but
     * only when the scroller contains it: an absolutely placed child of a static scroller escapes it.
     */
    const inScroller = (el: Element) => {
      let position = getComputedStyle(el).position;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        const contains =
          position === 'fixed'
            ? style.transform !== 'none'
            : position === 'absolute'
              ? style.position !== 'static' || style.transform !== 'none'
              : true;
        if (!contains) continue;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return true;
        position = style.position;
      }
      return false;
    };
    const flagged = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      // Wholly off to the left (the skip link until focused) neither shows nor scrolls.
      if (box.right <= 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      if (inScroller(el)) continue;
      if (el.parentElement && flagged.has(el.parentElement)) {
        flagged.add(el);
        continue;
      }
      flagged.add(el);
      problems.push(`${nameOf(el)} spans ${Math.round(box.left)}…${Math.round(box.right)} px`);
    }
    return problems;
  });
}

test('every route of the route tree is swept or excluded with a reason', () => {
  const listed = Object.keys(routes).sort();
  expect(listed).toEqual(routeTreePaths().sort());
  for (const [path, entry] of Object.entries(routes))
    if ('excluded' in entry) expect(entry.excluded.length, `${path} needs a reason`).toBeGreaterThan(10);
});

for (const width of [375, 320]) {
  test.describe(`at ${width} px`, () => {
    for (const [path, entry] of Object.entries(routes) as [RoutePath, Entry][]) {
      if ('excluded' in entry) continue;
      test(`${path} (${entry.role}) does not scroll sideways`, async ({ page, sessions, demo }) => {
        await page.setViewportSize({ width, height: 740 });
        await signIn(page, entry.role, sessions, entry.storage?.(demo) ?? {});
        const url = entry.url(demo);
        await page.goto(url);
        const endsOn =
          entry.endsOn ?? new RegExp(`^${new URL(url, e2e.baseUrl).pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        await expect.poll(() => new URL(page.url()).pathname).toMatch(endsOn);
        await settled(page);
        const name = path.replace(/^\//, '').replace(/[/$]+/g, '_') || 'home';
        await page.screenshot({ path: `.tmp/phone-sweep/${width}/${entry.role}-${name}.png`, fullPage: true });
        expect(await sidewaysOverflow(page), `${url} at ${width} px`).toEqual([]);
      });
    }
  });
}

test('on a phone the artist signs out from the drawer', async ({ page, sessions }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // A session of its own: signing out revokes the token the other tests share.
  const own = await logIn(page.request, 'artist');
  await signIn(page, 'artist', { ...sessions, artist: own }, {});
  await page.goto('/artist/dashboard');
  await page.getByRole('button', { name: 'Open artist menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Artist menu' });
  await expect(drawer.getByTestId('artist-drawer-account')).toContainText('artist1@labsongs.test');
  await drawer.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to end your session?');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).not.toHaveURL(/\/artist\/dashboard/);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), storageKeys.accessToken)).toBeNull();
});

for (const width of [375, 1280]) {
  test(`the sign-up country list stays on screen and above the fields at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Account Sign Up' });
    // The phone (with its country) is optional: it sits in a closed section of the form.
    await dialog.getByText('Add a middle name or a phone number (optional)').click();
    await dialog.getByRole('button', { name: /^Choose .*country/i }).click();
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    // What the person sees at the list's middle is the list, not a password field drawn over it.
    const onTop = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role=listbox]'), {
      x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
      y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
    });
    expect(onTop).toBe(true);
    await page.screenshot({ path: `.tmp/phone-sweep/country-list-${width}.png` });
  });
}

test('the account tabs show where more tabs are, and the arrow brings them into view', async ({ page, sessions }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'customer', sessions, {});
  await page.goto('/customer/account');
  const strip = page.locator('[data-part=scroll-strip]');
  await expect(strip).toHaveAttribute('data-more-end', '');
  await expect(strip).not.toHaveAttribute('data-more-start', '');
  await page.getByRole('button', { name: 'Show more account pages' }).click();
  await expect(strip).toHaveAttribute('data-more-start', '');
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Settings' }),
  ).toBeInViewport();
  // Keyboard: the earlier tab is one Shift+Tab away and scrolls back into view when focused.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).focus();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }),
  ).toBeInViewport();
});
