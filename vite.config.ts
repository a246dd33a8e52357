import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appCoreChunk } from './scripts/app-core-chunk';
import { machineDescriptions } from './scripts/machine-descriptions';
import { staticStyles } from './scripts/static-styles';
import { buildApp, prerenderEnvironment } from './scripts/vite-build-extras';

const root = new URL('.', import.meta.url).pathname;
const apiPort = Number(process.env.PORT ?? 3000);
const appCore = appCoreChunk();
/** The chunks the entry imports whatever the page: the libraries' chunk below and the bundler's runtime. */
const loadedWithEveryPage = /^assets\/(?:vendor|rolldown-runtime)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    staticStyles(),
    machineDescriptions(),
    appCore.plugin,
  ],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // The router and @xstate/react use the shim for React < 18; React 19 has the hook itself, so
      // the shim's fallback code is dead weight in every page. (Not the package's main entry: it is the
      // same re-export of React's hook, but warns on every page in development.)
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite; one origin for the browser all the same.
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, ws: false },
      '/flags': `http://127.0.0.1:${apiPort}`,
      '/media': `http://127.0.0.1:${apiPort}`,
      // The sandbox payment page is served by the API too.
      '/payments': `http://127.0.0.1:${apiPort}`,
    },
  },
  // `vite build` builds the browser's app and the prerender's bundle for Node, then writes the public
  // pages and the compressed files (scripts/vite-build-extras.ts).
  builder: { buildApp },
  environments: { prerender: prerenderEnvironment(root) },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 200,
    modulePreload: {
      // Every browser the build targets but Safari before 17 preloads modules itself; there, a lazy
      // part loads its imports one after the other instead of together. Not worth its 0.3 KB gzip in
      // every first visit.
      polyfill: false,
      // What a lazy part imports is preloaded with it, except the chunks every page has already run
      // (the libraries' chunk and the bundler's runtime): naming them in each of the sixty lists
      // cost every first visit bytes for requests that never happen.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !loadedWithEveryPage.test(dep)),
    },
    rolldownOptions: {
      output: {
        // The libraries every page needs (React, the router, XState) change far less often than the app:
        // one chunk of their own, so a returning visitor keeps it cached across releases (its hash
        // changes only when one of them does). One chunk, not one per library: compressed together they
        // are 0.8 KB smaller, and a first visit makes three requests for its scripts instead of five.
        // Libraries only some pages use are left to the automatic splitting, so the first load never
        // carries them.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack|xstate|@xstate|use-sync-external-store)[\\/]/,
              priority: 1,
            },
            { name: 'app', test: appCore.test, priority: 0 },
          ],
        },
      },
    },
  },
});
