/** The journeys' `test` and `expect`: Playwright's, extended with what every journey shares. */
export { expect, test } from '@playwright/test';
