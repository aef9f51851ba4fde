import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, shouldAutoplay } from './carousel';

const slides = ['Why join', 'Luncheon', 'Basic'].map((name, i) => ({
  id: `s-${i}`,
  name,
  content: <p>{name} slide</p>,
}));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduced-motion') && reduce,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('shouldAutoplay', () => {
  const base = { stopped: false, hovered: false, focusInSlide: false, slideCount: 5 };
  it('runs until stopped, and pauses while hovered or focused', () => {
    expect(shouldAutoplay(base)).toBe(true);
    expect(shouldAutoplay({ ...base, stopped: true })).toBe(false);
    expect(shouldAutoplay({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoplay({ ...base, focusInSlide: true })).toBe(false);
    expect(shouldAutoplay({ ...base, slideCount: 1 })).toBe(false);
  });
});

describe('Carousel', () => {
  beforeEach(() => {
    // jsdom has no IntersectionObserver, which Embla watches slides with.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
  });

  it('is a labelled carousel of slides named "N of M", only the current one reachable', () => {
    mockReducedMotion(false);
    render(<Carousel label="Highlights" slides={slides} delayMs={5000} />);

    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const groups = screen.getAllByRole('group', { name: /of 3$/ });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(groups.every((g) => g.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(groups.map((g) => g.hasAttribute('inert'))).toEqual([false, true, true]);
    // While it rotates, screen readers are not interrupted by every change.
    expect(groups[0]!.parentElement!.getAttribute('aria-live')).toBe('off');

    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show slide 2 of 3: Luncheon' })).toBeTruthy();
    expect(
      screen
        .getByRole('button', { name: 'Show slide 1 of 3: Why join' })
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('pauses and plays from its button; a picked slide stops the rotation', () => {
    mockReducedMotion(false);
    render(<Carousel label="Highlights" slides={slides} delayMs={5000} />);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
    expect(
      screen.getAllByRole('group', { name: /of 3$/ })[0]!.parentElement!.getAttribute('aria-live'),
    ).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Play slide show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3: Basic' }));
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
  });

  it('does not start on its own for visitors who prefer reduced motion', () => {
    mockReducedMotion(true);
    render(<Carousel label="Highlights" slides={slides} delayMs={5000} />);
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
  });
});
