import { afterEach, beforeEach, vi } from 'vitest';

// A test that logs console.error has hidden a failure: make it fail loudly.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
