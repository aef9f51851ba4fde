import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two cores. The
    // server's tests wait on their database as much as they compute, so two workers share two
    // cores well (see docs/developer/testing.md).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
