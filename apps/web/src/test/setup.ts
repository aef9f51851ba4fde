import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { expectNoContractBreaks } from './contract-answers';

// jsdom lacks ResizeObserver, which Radix measures controls with.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// A test that logs console.error fails; tests expecting an error log spy on it themselves.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  // Last, so a break fails the test without skipping the clean-up above.
  expectNoContractBreaks();
});
