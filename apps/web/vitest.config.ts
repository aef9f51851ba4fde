import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file in a document and module graph of its own (vitest's default, unlike the server
    // and contract projects): a query or timer a page leaves behind would otherwise call the
    // next file's fake API.
    isolate: true,
    // Each file in a fresh V8 context of a long-lived worker thread, not a new process: the
    // web tests took 70 s instead of 160 s on two cores. The contexts' globals are jsdom's
    // window alone, so the set-up gives them Node's Web Crypto, and a test cannot replace
    // `window.location` (the app leaves for Stripe through `leaveSite`, which a test spies on).
    pool: 'vmThreads',
    // Node 20 resolves a package's `require` through its "module-sync" export, an ES module
    // that the pool's CommonJS loader cannot run (recharts requiring Redux Toolkit); Node 22.12
    // and later take the conditions vitest gives. Without require(esm), Node 20 does the same.
    execArgv: ['--no-experimental-require-module'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
