import { defineConfig } from '@pandacss/dev';
import { theme } from './src/styles/theme';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  theme,
  globalCss: {
    'html, body': { bg: 'bg.canvas', color: 'fg.default', fontFamily: 'body' },
    a: { color: 'inherit' },
    'body[data-scroll-locked]': { overflow: 'hidden' },
  },
});
