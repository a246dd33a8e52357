import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The sizes every page is scanned at: a phone and a desktop. */
const scanWidths = [375, 1280] as const;

/**
 * Scans the page as it is now with axe (WCAG 2 A and AA rules) and fails on any violation of serious or
 * critical impact, listing each rule with the elements it found, so the failure reads without a trace.
 */
export async function expectNoSeriousViolations(page: Page, context = '') {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`)
          .join('\n')}`,
    )
    .join('\n');
  expect(serious, `axe on ${context || page.url()}:\n${report}`).toEqual([]);
}

/** Scans the page at each width in `scanWidths`, restoring the page's own size afterwards. */
export async function expectNoSeriousViolationsAtBothSizes(page: Page, context = '') {
  const original = page.viewportSize();
  for (const width of scanWidths) {
    await page.setViewportSize({ width, height: original?.height ?? 800 });
    // Let layout-dependent parts (the artist top bar, the mobile menu) settle at the new width.
    await page.waitForTimeout(150);
    await expectNoSeriousViolations(page, `${context || page.url()} at ${width} px`);
  }
  if (original) await page.setViewportSize(original);
}
