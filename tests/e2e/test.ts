import { appendFileSync } from 'node:fs';
import { test as base } from '@playwright/test';
import { notReopenedLog, pageRecorder } from './every-page';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, with every page the journey visits scanned with axe after it
 * (tests/e2e/every-page.ts). The scans run in the fixture's teardown, after the journey's own steps, and
 * only when the journey passed, so a real failure is reported as itself.
 */
export const test = base.extend<{ axeEveryPage: undefined }>({
  axeEveryPage: [
    async ({ browser, context }, use, testInfo) => {
      const recorder = pageRecorder(browser);
      try {
        await recorder.watch(context);
        await use(undefined);
      } finally {
        recorder.restore();
      }
      // A journey that failed (or was skipped) reports that alone: scans would only add noise or mask it.
      if (testInfo.status !== 'passed') return;
      const outcome = await recorder.scanVisited();
      // Visited signed in, in a browser the journey closed or signed out of: listed for a person to look at.
      for (const visit of outcome.notReopened)
        appendFileSync(notReopenedLog, `${testInfo.titlePath.join(' › ')}: ${visit}\n`);
      if (outcome.failures.length > 0) throw new Error(outcome.failures.join('\n\n'));
    },
    // The scans have their own time: a journey that visits many new pages scans each at both sizes.
    { auto: true, timeout: 300_000 },
  ],
});
