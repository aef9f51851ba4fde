import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { precompress } from './scripts/precompress.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The server entry is no download: neither budgeted nor compressed.
    ...(isSsrBuild ? [] : clientOnlyPlugins()),
  ],
  resolve: {
    // Bundle the contract package from its TypeScript source.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  ssr: {
    // One self-contained file (React's server renderer included): the server imports it from
    // dist-server without the web app's node_modules.
    noExternal: true,
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
  },
}));

function clientOnlyPlugins() {
  return [
    // The page budget: what a first visit to the home page downloads before it renders.
    bundleBudget({
      route: 'src/app/routes/home.tsx',
      label: 'Home page initial JavaScript',
      maxGzipKb: 170,
    }),
    precompress(),
  ];
}
