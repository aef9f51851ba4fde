import { webcrypto } from 'node:crypto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { expectNoContractBreaks } from './contract-answers';

// jsdom lacks ResizeObserver, which Radix measures controls with.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
}

// findBy*/waitFor give up after 1 s by default; a busy 2-core machine running the server's
// tests beside these can take longer than that to render a page, so a wait fails on load alone.
configure({ asyncUtilTimeout: 5000 });

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
