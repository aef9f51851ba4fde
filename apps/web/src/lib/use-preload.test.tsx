import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePreload } from './use-preload';

function Part({ load, wanted }: { load: () => Promise<unknown>; wanted: boolean }) {
  usePreload(load, wanted);
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
});
