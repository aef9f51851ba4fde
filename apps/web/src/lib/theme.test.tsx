import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mockSystemTheme } from '@/test/match-media';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme } from './theme';
import { ThemeProvider } from './theme-provider';
import { useTheme } from './use-theme';

describe('theme storage', () => {
  it('defaults to light when nothing or something unknown is stored', () => {
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem('vite-ui-theme', 'sepia');
    expect(readStoredTheme()).toBe('light');
  });

  it('keeps light, dark or system under vite-ui-theme', () => {
    for (const theme of ['light', 'dark', 'system'] as const) {
      storeTheme(theme);
      expect(localStorage.getItem('vite-ui-theme')).toBe(theme);
      expect(readStoredTheme()).toBe(theme);
    }
  });

  it('resolves system from the operating system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts exactly one of light / dark on the root element', () => {
    const root = document.documentElement;
    applyTheme('dark');
    expect([...root.classList]).toEqual(['dark']);
    applyTheme('light');
    expect([...root.classList]).toEqual(['light']);
  });
});

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button onClick={() => setTheme('dark')}>dark</button>
      <button onClick={() => setTheme('system')}>system</button>
    </>
  );
}

describe('ThemeProvider', () => {
  it('applies the stored choice and stores a new one', () => {
    mockSystemTheme(false);
    localStorage.setItem('vite-ui-theme', 'dark');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('dark/dark')).toBeTruthy();
    expect([...document.documentElement.classList]).toEqual(['dark']);
  });

  it('with no choice made, draws light and keeps the class the head script set', () => {
    mockSystemTheme(false);
    // index.html's inline script, before any of the app's: light where nothing is stored.
    applyTheme('light');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeTruthy();
    expect(document.documentElement.classList.contains('light')).toBe(true);

    act(() => screen.getByText('dark').click());
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.classList.contains('light')).toBe(false);
  });

  it("hydrates a page of a visitor who chose nothing in one render, with the server's theme", async () => {
    mockSystemTheme(false);
    const page = (
      <ThemeProvider>
        <Probe />
      </ThemeProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    const commits: string[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <Profiler id="theme" onRender={(_id, phase) => commits.push(phase)}>
          {page}
        </Profiler>,
      );
    });
    // A second, synchronous render here would carry every effect of the page with it.
    expect(commits).toEqual(['mount']);
    expect(container.textContent).toContain('light/light');
  });

  it('follows the operating system live when set to system', () => {
    const system = mockSystemTheme(true);
    localStorage.setItem('vite-ui-theme', 'system');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('system/dark')).toBeTruthy();
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    act(() => system.setDark(false));
    expect(screen.getByText('system/light')).toBeTruthy();
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });
});
