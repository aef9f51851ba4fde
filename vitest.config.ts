import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two cores. The
    // server's tests wait on their database and on the processes they start about a sixth of
    // the time, so three workers share two cores well (see docs/developer/testing.md).
    maxWorkers: Math.max(3, os.availableParallelism() + 1),
    // The web tests' pool (vmThreads) keeps every module a file imports until its worker is
    // replaced; a worker whose heap passes this is replaced between files. The process then
    // stays under about 2.7 GB; with no limit it grew past 3.5 GB.
    vmMemoryLimit: '768MB',
  },
});
