import { defineConfig, devices } from '@playwright/test';
import { e2e } from './tests/e2e/env';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2e.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2e.chromiumPath, args: e2e.chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: e2e.chromiumPath, args: e2e.chromiumArgs },
      },
    },
  ],
  webServer: {
    // A fresh data dir every run: the real server, the real SQLite database, demo data.
    command: `rm -rf ${e2e.dataDir} && npx tsx server/main.ts`,
    url: `${e2e.baseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(e2e.port),
      HOST: '127.0.0.1',
      DATA_DIR: e2e.dataDir,
      PUBLIC_URL: e2e.baseUrl,
      SUPPORT_EMAIL: e2e.supportEmail,
      SEED_DEMO: 'true',
      SCRYPT_COST: '14',
      // Many journeys log in, sign up and apply from the same address; the limits themselves are
      // tested in tests/server.
      RATE_LIMIT_LOGIN_PER_CLIENT: '10000',
      RATE_LIMIT_FORGOT_PER_CLIENT: '10000',
      RATE_LIMIT_REGISTER_PER_CLIENT: '10000',
      RATE_LIMIT_APPLY_PER_CLIENT: '10000',
      // The periodic job cancels idle orders on the offer sweep's timer: often, so a journey sees it run.
      OFFER_SWEEP_SECONDS: '2',
    },
  },
});
