import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    environment: 'node',
    // A worker loads the modules once for all its test files instead of once per file, which
    // halves the suite's time; a file must leave shared state as it found it.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
