import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHydrating } from './use-hydrated';
import { useMediaQuery, WIDE_SCREEN_QUERY } from './use-media-query';

/** A phone's screen: the wide query does not match; `change` tells the listeners it now does. */
function mockNarrowScreen() {
  let matches = false;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (media: string) => ({
    get matches() {
      return matches;
    },
    media,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    widen() {
      matches = true;
      for (const listener of listeners) listener();
    },
  };
}

function Layout() {
  return <p>{useMediaQuery(WIDE_SCREEN_QUERY) ? 'wide' : 'narrow'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it("draws the server's answer while hydrating, then the screen's, then follows it", async () => {
    const screen = mockNarrowScreen();
    const container = document.createElement('div');
    document.body.append(container);
    // The server knows no screen: it draws the fallback (wide).
    startHydrating();
    container.innerHTML = renderToString(<Layout />);
    expect(container.textContent).toBe('wide');

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Layout />, { onRecoverableError: (e) => console.error(e) });
    });
    // Hydrated without a mismatch, then the phone's answer.
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('narrow');

    act(() => screen.widen());
    expect(container.textContent).toBe('wide');
    container.remove();
  });

  it('answers at once on a page the browser draws itself', () => {
    mockNarrowScreen();
    const seen: string[] = [];
    function Probe() {
      const wide = useMediaQuery(WIDE_SCREEN_QUERY);
      seen.push(wide ? 'wide' : 'narrow');
      return null;
    }
    render(<Probe />);
    // No server HTML to agree with: the first render already has the screen's answer.
    expect(seen[0]).toBe('narrow');
  });
});
