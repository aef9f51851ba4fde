import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/test/calendar-events';
import { json, stubApi } from '@/test/fake-api';
import { mockSystemTheme } from '@/test/match-media';
import { renderWithProviders } from '@/test/render-with-providers';
import { HomeCarousel } from './home-carousel';

const inDays = (days: number, hour = 18) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

const luncheon = makeEvent({
  id: 'e-1',
  title: 'Monthly Chamber Luncheon',
  description: 'Lunch with fellow members.',
  location: 'Riverton City Hall, 12830 S Redwood Rd, Riverton, UT',
  startTime: inDays(3),
  endTime: inDays(3, 19),
  coverImageUrl: '/api/media/luncheon.jpg',
});

const slideGroups = () => screen.getAllByRole('group', { name: /^\d+ of \d+$/ });

describe('HomeCarousel', () => {
  beforeEach(() => {
    // Embla reads matchMedia and IntersectionObserver, which jsdom lacks.
    mockSystemTheme(false);
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('shows a spinner while events load, then the main, event and membership slides', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      'GET /calendars/cal-1/events': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<HomeCarousel />);

    expect(screen.getByRole('status').textContent).toContain('Loading upcoming events');
    const later = (n: number) =>
      makeEvent({ id: `e-${n}`, title: `Event ${n}`, startTime: inDays(n + 4) });
    answer(json(200, { events: [later(4), luncheon, later(2), later(3)], truncated: false }));

    await waitFor(() => expect(slideGroups()).toHaveLength(7));
    expect(screen.getByRole('region', { name: 'Highlights' })).toBeTruthy();
    const [main, first, , third] = slideGroups();
    expect(within(main!).getByRole('heading', { name: 'Why Join The Chamber ?' })).toBeTruthy();
    expect(within(main!).getByRole('link', { name: 'Join Now!' }).getAttribute('href')).toBe(
      '/join',
    );

    // Soonest first: the luncheon, with all it says.
    const slide = within(first!);
    expect(slide.getByText('UPCOMING EVENT')).toBeTruthy();
    expect(slide.getByRole('heading', { name: 'Monthly Chamber Luncheon' })).toBeTruthy();
    const longDate = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'America/Denver',
    }).format(new Date(luncheon.startTime));
    expect(slide.getByText(longDate)).toBeTruthy();
    expect(slide.getByText('Lunch with fellow members.')).toBeTruthy();
    expect(slide.getByText('Riverton City Hall, 12830 S Redwood Rd, Riverton, UT')).toBeTruthy();
    expect(slide.getByRole('link', { name: 'View Event Details' }).getAttribute('href')).toBe(
      '/calendar',
    );
    expect(within(third!).getByRole('heading', { name: 'Event 3' })).toBeTruthy();

    const joins = ['Basic', 'Enhanced', 'Elite'].map((tier) =>
      screen.getByRole('link', { name: `Join ${tier}` }).getAttribute('href'),
    );
    expect(joins).toEqual(['/basic-membership', '/enhanced-membership', '/elite-membership']);
  });

  it('falls back to the default artwork when a cover image cannot be loaded', async () => {
    stubApi({
      'GET /calendars/cal-1/events': () => json(200, { events: [luncheon], truncated: false }),
    });
    renderWithProviders(<HomeCarousel />);

    await waitFor(() => expect(slideGroups()).toHaveLength(5));
    const cover = slideGroups()[1]!.querySelector('img')!;
    expect(cover.getAttribute('src')).toBe('/api/media/luncheon.jpg');
    expect(cover.getAttribute('width')).toBe('1200');
    cover.dispatchEvent(new Event('error'));
    await waitFor(() => expect(slideGroups()[1]!.querySelector('img')).toBeNull());
    expect(slideGroups()[1]!.querySelector('[aria-hidden="true"].bg-primary')).toBeTruthy();
  });

  it('shows only the main and membership slides when the events fail to load', async () => {
    stubApi({
      'GET /calendars/cal-1/events': () =>
        json(500, { error: 'internal', message: 'Something went wrong' }),
    });
    renderWithProviders(<HomeCarousel />);

    await waitFor(() => expect(slideGroups()).toHaveLength(4));
    expect(screen.queryByText('UPCOMING EVENT')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Why Join The Chamber ?' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Elite Membership' })).toBeTruthy();
  });
});
