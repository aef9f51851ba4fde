import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The page budget: what a first visit to the home page downloads before it renders.
    bundleBudget({
      route: 'src/app/routes/home.tsx',
      label: 'Home page initial JavaScript',
      maxGzipKb: 170,
    }),
    precompress(),
  ],
  resolve: {
    // Bundle the contract package from its TypeScript source.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
  },
});
