import { resolve } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4318);

export const e2e = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  dataDir: resolve('.tmp/e2e-data'),
  /** SUPPORT_EMAIL of the journeys' server: what the pages and messages must show. */
  supportEmail: 'help@labsongs-e2e.example.com',
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Without the background-networking flags Chromium floods the closed network with refused connections.
  chromiumArgs: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The order flow records a voice message: a fake microphone, and no permission prompt.
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
  demo: {
    customer: { email: 'customer@labsongs.test', password: 'Customer123!', firstName: 'Maria' },
    artist: { email: 'artist1@labsongs.test', password: 'Artist123!' },
  },
};
