import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  'styled-system': new URL('./styled-system', import.meta.url).pathname,
};

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          // Pure machines and in-memory fakes: one module graph for all files (a third less CPU).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Each file gets its own database; files run in parallel on the two cores.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          // Child processes, nginx and a whole order on a loaded two-core machine: minutes, not seconds.
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/ui/setup.ts'],
          // Whole-app renders typing into forms, key by key: the artist application's longest take 15-20 s
          // on a loaded two-core machine. Speed is measured by `npm run bench`, not here.
          testTimeout: 45_000,
        },
      },
    ],
  },
});
