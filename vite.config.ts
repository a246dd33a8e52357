import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appCoreChunk } from './scripts/app-core-chunk';
import { staticStyles } from './scripts/static-styles';
import { buildExtras } from './scripts/vite-build-extras';

const apiPort = Number(process.env.PORT ?? 3000);
const appCore = appCoreChunk();

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), staticStyles(), appCore.plugin, buildExtras()],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // The router and @xstate/react use the shim for React < 18; React 19 has the hook itself, so
      // the shim's fallback code is dead weight in every page.
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
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
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 200,
    rolldownOptions: {
      output: {
        // Libraries that every page needs and that change far less often than the app: chunks of their
        // own, so a returning visitor keeps them cached across releases (their hash changes only when
        // the library does). Libraries only some pages use are left to the automatic splitting, so the
        // first load never carries them.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'vendor-router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'vendor-xstate', test: /node_modules[\\/](?:xstate|@xstate)[\\/]/, priority: 1 },
            { name: 'app', test: appCore.test, priority: 0 },
          ],
        },
      },
    },
  },
});
