import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    // A worker loads the modules once for all its test files instead of once per file, which
    // halves the suite's time; a file must leave shared state as it found it.
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
