import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The account dialogs, the player's controls and the artist frame load on first use (lazy chunks); in
// a test the first import of one is transformed on the spot, which can take a few seconds on a busy
// machine. findBy… waits for them as a visitor waits for a dialog to open.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
