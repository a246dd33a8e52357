import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sandboxBanner } from '../../contracts/sandbox';
import { fakeServer, renderApp } from './app-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sandbox banner', () => {
  it.each(['/', '/artists', '/admin/login', '/artist/login'])(
    'is part of every page, %s, as a named landmark that says payments are simulated',
    async (path) => {
      fakeServer({});
      renderApp(path);
      const banner = await screen.findByRole('complementary', { name: sandboxBanner.label, hidden: true });
      expect(banner.textContent).toContain(sandboxBanner.text);
      // Shown by the server's mark on <html> (tests/server/sandbox-banner.test.ts), not by the app: nothing to focus.
      expect(banner.querySelector('a, button, input')).toBeNull();
      expect(banner.getAttribute('data-part')).toBe('sandbox-banner');
    },
  );
});
