import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  resolve: {
    alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname },
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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
