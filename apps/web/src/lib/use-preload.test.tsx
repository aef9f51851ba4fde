import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePreload } from './use-preload';

function Part({
  load,
  wanted,
  when,
}: {
  load: () => Promise<unknown>;
  wanted: boolean;
  when?: 'now' | 'first-input';
}) {
  usePreload(load, wanted, when);
  return null;
}

describe('usePreload', () => {
  it('starts the load only once it is wanted, and not again on later renders', () => {
    const load = vi.fn(() => Promise.resolve());
    const { rerender } = render(<Part load={load} wanted={false} />);
    rerender(<Part load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();

    rerender(<Part load={load} wanted />);
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<Part load={load} wanted />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  // One test: the first input is once per page, as it is in a browser.
  it("with 'first-input', waits for the visitor's first press, then loads at once when wanted", () => {
    const load = vi.fn(() => Promise.resolve());
    const { rerender, unmount } = render(<Part load={load} wanted when="first-input" />);
    rerender(<Part load={load} wanted when="first-input" />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.pointerDown(document.body);
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(load).toHaveBeenCalledTimes(1);
    unmount();

    // After that input, a part wanted later starts loading at once; one never wanted does not.
    const later = vi.fn(() => Promise.resolve());
    const never = vi.fn(() => Promise.resolve());
    render(<Part load={never} wanted={false} when="first-input" />);
    const second = render(<Part load={later} wanted={false} when="first-input" />);
    expect(later).not.toHaveBeenCalled();
    second.rerender(<Part load={later} wanted when="first-input" />);
    expect(later).toHaveBeenCalledTimes(1);
    expect(never).not.toHaveBeenCalled();
  });
});
