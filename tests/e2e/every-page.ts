import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { storageKeys } from '../../contracts/storage-keys';
import { expectNoSeriousViolationsAtBothSizes } from './axe';
import { e2e } from './env';

// Every page a journey visits is scanned with axe (issue 27), after the journey, so its own flow is untouched.
// A page is recorded when it loads or the app changes the address (history API), with who was signed in
// then; after the journey each page not scanned yet in this run is reopened in the same tab and scanned at
// both sizes. One scan per (role, page) per run: the keys are files created atomically in `scannedDir`, which
// both workers share and the server's fresh data dir empties on every run.

export const scannedDir = resolve(e2e.dataDir, 'axe-scanned');
export const notReopenedLog = resolve(e2e.dataDir, 'axe-not-reopened.txt');

/** Pages reopening cannot show as the journey saw them; each says why. */
const notReopenable: { path: RegExp; why: string }[] = [];

/** Who the page is for: what the browser's storage says is signed in, or `guest`. */
export type Role = string;

interface Visit {
  page: Page;
  url: URL;
  role: Role;
}

/** The page's path with ids, numbers, tokens and references as `:id`; the query is not part of it. */
export function normalisePath(pathname: string): string {
  const segments = pathname
    .split('/')
    // The first segment is always a route word (/404 among them).
    .map((s, i) =>
      i < 2
        ? s
        : /^\d+$/.test(s) ||
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s) ||
            /^[A-Z]{2,}-?\d[\w-]*$/.test(s) ||
            // Route words are lower case and hyphens; a long base64url run with digits or capitals is a token.
            (s.length >= 16 && /^[\w-]+$/.test(s) && /[0-9A-Z_]/.test(s))
          ? ':id'
          : s,
    );
  const path = segments.join('/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** The storage a page's role is read from (passed into the page: it runs there). */
const sessionKeys = { token: storageKeys.accessToken, userType: storageKeys.userType, admin: storageKeys.adminToken };
type Session = { token: boolean; userType: string | null; admin: boolean };

function readSession(keys: typeof sessionKeys): Session {
  const read = (key: string) => {
    try {
      return sessionStorage.getItem(key) ?? localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  return { token: read(keys.token) !== null, userType: read(keys.userType), admin: read(keys.admin) !== null };
}

export function roleOf(session: Session): Role {
  const roles = [];
  if (session.token) roles.push(session.userType === 'artist' ? 'artist' : 'customer');
  if (session.admin) roles.push('admin');
  return roles.join('+') || 'guest';
}

/** Runs in every document before the app: reports the address on load and on each history change. */
function reportVisits({ binding, keys }: { binding: string; keys: typeof sessionKeys }) {
  const read = (key: string) => {
    try {
      return sessionStorage.getItem(key) ?? localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const report = () => {
    const send = (window as unknown as Record<string, unknown>)[binding];
    if (typeof send !== 'function') return;
    const session = {
      token: read(keys.token) !== null,
      userType: read(keys.userType),
      admin: read(keys.admin) !== null,
    };
    (send(location.href, session) as Promise<void>).catch(() => {});
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      report();
      return result;
    };
  }
  addEventListener('popstate', report);
  report();
}

const bindingName = '__labsongsPageVisited';
const appOrigin = new URL(e2e.baseUrl).origin;

/** A page of ours worth scanning: not the API, not a file, not a blank tab. */
function isAppPage(url: URL): boolean {
  return url.origin === appOrigin && !url.pathname.startsWith('/api/') && !/\.\w{2,4}$/.test(url.pathname);
}

const keyOf = (role: Role, url: URL) => `${role} ${normalisePath(url.pathname)}`;
const keyFile = (key: string) => resolve(scannedDir, encodeURIComponent(key));

/** The keys scanned so far in this run, by either worker. */
export const wasScanned = (key: string) => existsSync(keyFile(key));

/** Takes `key` for this run; false when another journey (in either worker) already has it. */
function claim(key: string): boolean {
  mkdirSync(scannedDir, { recursive: true });
  try {
    closeSync(openSync(keyFile(key), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Records the pages of the test's contexts: the given ones and every one the test opens itself. */
export function pageRecorder(browser: Browser) {
  const visits = new Map<string, Visit>();
  const watched = new WeakSet<BrowserContext>();
  const closed = new WeakSet<BrowserContext>();

  const record = (page: Page, href: string, session: Session) => {
    const url = new URL(href);
    if (!isAppPage(url)) return;
    const role = roleOf(session);
    visits.set(keyOf(role, url), { page, url, role });
  };

  async function watch(context: BrowserContext) {
    if (watched.has(context)) return;
    watched.add(context);
    context.on('close', () => closed.add(context));
    await context.exposeBinding(bindingName, ({ page }, href: string, session: Session) => record(page, href, session));
    await context.addInitScript(reportVisits, { binding: bindingName, keys: sessionKeys });
  }

  // Contexts the journey opens itself (a second person, a reopened browser) are watched from their start.
  const newContext = browser.newContext;
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await newContext.apply(this, args);
    await watch(context);
    return context;
  };

  return {
    watch,
    /** Stops watching new contexts; then scans each visited page not scanned yet in this run. */
    async scanVisited() {
      browser.newContext = newContext;
      return scan(browser, visits, closed);
    },
    restore() {
      browser.newContext = newContext;
    },
  };
}

/** What was scanned, skipped and found, for the fixture to report. */
export interface ScanOutcome {
  scanned: string[];
  notReopened: string[];
  failures: string[];
}

async function scan(browser: Browser, visits: Map<string, Visit>, closed: WeakSet<BrowserContext>) {
  const outcome: ScanOutcome = { scanned: [], notReopened: [], failures: [] };
  let guest: Page | undefined;
  const unrouted = new WeakSet<Page | BrowserContext>();

  for (const [visitKey, visit] of visits) {
    if (wasScanned(visitKey) || notReopenable.some((s) => s.path.test(visit.url.pathname))) continue;
    const address = `${visit.url.origin}${visit.url.pathname}`;
    let page: Page | undefined;
    const context = visit.page.context();
    if (!visit.page.isClosed()) page = visit.page;
    else if (!closed.has(context)) page = await context.newPage();
    if (page) {
      // The journey's stand-ins for a broken network are its own; the page is scanned as the server serves it.
      for (const target of [page, page.context()])
        if (!unrouted.has(target)) {
          unrouted.add(target);
          await target.unrouteAll({ behavior: 'ignoreErrors' });
        }
      if (!(await reopen(page, address)) || (await roleIn(page)) !== visit.role) page = undefined;
    }
    // A page seen signed out is seen the same by anyone: a fresh browser shows it when the journey's is gone.
    if (!page && visit.role === 'guest') {
      guest ??= await (await browser.newContext({ baseURL: e2e.baseUrl })).newPage();
      if (await reopen(guest, address)) page = guest;
    }
    if (!page) {
      outcome.notReopened.push(`${visitKey} (${visit.url.href})`);
      continue;
    }
    if (!claim(visitKey)) continue;
    outcome.scanned.push(visitKey);
    try {
      await expectNoSeriousViolationsAtBothSizes(page, `${visitKey}, visited as ${visit.url.href}`);
    } catch (error) {
      outcome.failures.push((error as Error).message);
    }
  }
  await guest?.context().close();
  return outcome;
}

const roleIn = (page: Page) => page.evaluate(readSession, sessionKeys).then(roleOf, () => undefined);

/** Opens `address` and waits, bounded, until the page has its heading and nothing is loading. */
async function reopen(page: Page, address: string): Promise<boolean> {
  try {
    await page.goto(address, { waitUntil: 'domcontentloaded', timeout: 15_000 });
  } catch {
    return false;
  }
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 8_000 })
    .catch(() => {});
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  return true;
}
