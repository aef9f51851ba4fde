import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { precompress } from './scripts/precompress.ts';

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The server entry is no download: neither budgeted nor compressed.
    ...(isSsrBuild ? [] : clientOnlyPlugins()),
  ],
  resolve: {
    // Bundle the contract package from its TypeScript source; a production build takes the
    // endpoints' methods and paths without their schemas (decision 118).
    conditions: [
      ...(mode === 'production' ? ['routes-only'] : []),
      'source',
      ...defaultClientConditions,
    ],
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
      // 172 since the API's routes table (0.7 kB: each endpoint's method and path) came in;
      // 173 since the admin, calendar, registration, ical and communications endpoints joined
      // it (195 endpoints, 2.5 kB). The table is one object, so every page carries it whole.
      // 174 since member communications reached every page (2026-11-30: the staff guard and
      // menu entry, the footer's News link and newsletter sign-up shell, six more endpoints:
      // 173.4 kB). Next to cut: sonner (about 12 kB of it), loaded with the first toast.
      // 175 since the sponsor placements' eight endpoints joined the routes table (174.1 kB;
      // the home page's sponsor strip itself is loaded lazily).
      maxGzipKb: 175,
    }),
    precompress(),
  ];
}
