import { vi } from 'vitest';

/** A controllable `prefers-color-scheme: dark` for jsdom, which has no matchMedia. */
export function mockSystemTheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : false;
    },
    media: query,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(value: boolean) {
      dark = value;
      listeners.forEach((listener) => listener());
    },
  };
}
