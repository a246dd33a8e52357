import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { findLink, latestMailTo } from '../../server/services/outbox';
import { e2e } from './env';

let counter = 0;
/** An address no other test uses, so journeys can run in parallel against one database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.test`;
}

/** Small page objects: what a person does, named as they would say it. */
/** Waits until the page is live: a prerendered page paints before its handlers are attached. */
export async function untilHydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

export function site(page: Page) {
  const dialog = (name: string) => page.getByRole('dialog', { name });
  return {
    dialog,
    async openLogin() {
      await untilHydrated(page);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
      await expect(dialog('Account Login')).toBeVisible();
    },
    async openSignUp() {
      await untilHydrated(page);
      await page.getByRole('banner').getByRole('button', { name: 'Sign Up' }).click();
      await expect(dialog('Account Sign Up')).toBeVisible();
    },
    /** Remembered by default: journeys open more tabs and contexts (tests/e2e/remember-me.spec.ts tests both). */
    async logIn(email: string, password: string, remember = true) {
      const d = dialog('Account Login');
      await d.getByLabel('Email', { exact: true }).fill(email);
      await d.getByLabel('Password', { exact: true }).fill(password);
      await d.getByLabel('Remember me').setChecked(remember);
      await d.getByRole('button', { name: 'Login to your account' }).click();
    },
    async signOut() {
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to end your session?');
      await confirm.getByRole('button', { name: 'Sign out' }).click();
    },
    toast(text: string | RegExp) {
      return page.getByRole('region', { name: /notifications/i }).getByText(text);
    },
  };
}

/** The newest mail to `email` in the server's outbox, waiting briefly for it to be written. */
export async function linkFromOutbox(email: string, pathPrefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = await latestMailTo(`${e2e.dataDir}/outbox`, email);
      link = mail ? findLink(mail, pathPrefix) : undefined;
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** A real, tiny WAV file: 0.2 s of a 440 Hz tone, 8 kHz mono 16-bit PCM. */
export function tinyWav(): Buffer {
  const rate = 8000;
  const samples = rate / 5;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The temporary password mailed after an artist application. */
export async function temporaryPasswordFor(email: string): Promise<string> {
  let password = '';
  await expect
    .poll(async () => {
      const mail = await latestMailTo(`${e2e.dataDir}/outbox`, email);
      password = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      return password;
    })
    .not.toBe('');
  return password;
}

/** Who applies in a journey: the application's own form has journeys of its own (admin.spec.ts). */
export interface Applicant {
  email: string;
  firstName: string;
  lastName: string;
  stageName: string;
  pitch: string;
}

/** Applies as an artist through the API, with a short WAV sample; the temporary password is mailed. */
export async function applyAsArtist(request: APIRequestContext, who: Applicant): Promise<void> {
  const response = await request.post('/api/v1/artist/application', {
    multipart: {
      first_name: who.firstName,
      last_name: who.lastName,
      stage_name: who.stageName,
      email: who.email,
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
      links: `https://example.com/${who.firstName.toLowerCase()}`,
      pitch: who.pitch,
      accept_terms: 'true',
      sample: { name: 'sample.wav', mimeType: 'audio/wav', buffer: tinyWav() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in on the artist login page (where it leads is the journey's to check). */
export async function artistLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/artist/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Remembered: journeys reload and open more tabs (without it the sign-in is this tab's alone).
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
}
