import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { calendarRoutes, makeEvent, testCalendar } from '../testing';
import { CalendarPage } from './calendar-page';

// Role queries over a 42-day grid are slow in jsdom.
vi.setConfig({ testTimeout: 30_000 });

describe('CalendarPage', () => {
  beforeEach(() => {
    // 10:00 in Denver on Tuesday 10 March 2026; only the clock is fake, not the timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T16:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the month from a Sunday with today, titles, +N more and the upcoming list', async () => {
    const events = [
      makeEvent(),
      makeEvent({
        id: 'e-2',
        title: 'Ribbon Cutting',
        startTime: '2026-03-17T22:00:00Z',
        endTime: '2026-03-17T22:45:00Z',
      }),
      makeEvent({
        id: 'e-3',
        title: 'Business After Hours',
        startTime: '2026-03-17T23:30:00Z',
        endTime: '2026-03-18T01:30:00Z',
      }),
    ];
    const api = stubApi(calendarRoutes(events));
    renderWithProviders(<CalendarPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Event Calendar' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'March 2026' });
    expect(within(table).getAllByRole('cell')).toHaveLength(42);
    const today = within(table).getByRole('button', { name: /Tuesday, March 10, today/ });
    expect(today.getAttribute('aria-current')).toBe('date');

    expect(
      await within(table).findByRole('button', { name: /Monthly Chamber Luncheon/ }),
    ).toBeTruthy();
    expect(within(table).getByRole('button', { name: '1 more on Tuesday, March 17' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Business After Hours/ })).toBeNull();

    // The grid asks for its 42 days; the upcoming list for a year from the month's start.
    const gets = api.calls.filter((c) => c.route.startsWith('GET /calendars/cal-1/events'));
    expect(gets.map((c) => c.route.replace(/&_t=\d+/, ''))).toEqual(
      expect.arrayContaining([
        'GET /calendars/cal-1/events?startDate=2026-03-01&endDate=2026-04-11',
        'GET /calendars/cal-1/events?startDate=2026-03-01&endDate=2027-02-28',
      ]),
    );
    const upcoming = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(within(upcoming).getByText('3 events')).toBeTruthy();
    const card = within(upcoming).getByRole('link', { name: /Monthly Chamber Luncheon/ });
    expect(card.getAttribute('href')).toBe('/events/e-1');
    expect(within(card).getByText('Riverton City Hall, 12830 S Redwood Rd, Riverton')).toBeTruthy();
    expect(within(card).getByText('12:00 PM – 1:15 PM')).toBeTruthy();
  });

  it('opens an event’s details from its title, with countdown and links', async () => {
    stubApi(
      calendarRoutes([
        makeEvent({ attendeeCount: 12, pageUrl: 'https://rivertonchamber.example/lunch' }),
      ]),
    );
    renderWithProviders(<CalendarPage />);

    fireEvent.click(
      await screen.findByRole('button', { name: /Monthly Chamber Luncheon/, hidden: false }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Monthly Chamber Luncheon' });
    expect(
      within(dialog).getByText(/Tuesday, March 17, 2026 · 12:00 PM – 1:15 PM MDT/),
    ).toBeTruthy();
    expect(within(dialog).getByText('Starts in 7 days, 2 hours and 0 minutes')).toBeTruthy();
    expect(within(dialog).getByText('12 registered')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Register Now' }).getAttribute('href')).toBe(
      '/events/e-1?register=true',
    );
    expect(
      within(dialog).getByRole('link', { name: 'View Full Details' }).getAttribute('href'),
    ).toBe('/events/e-1');
    expect(
      within(dialog)
        .getByRole('link', { name: /Event Website/ })
        .getAttribute('href'),
    ).toBe('https://rivertonchamber.example/lunch');
    // Anonymous visitors cannot edit.
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows the seats left in an event’s details, and Sold out with the waiting list', async () => {
    stubApi(
      calendarRoutes([
        makeEvent({ capacity: 40, attendeeCount: 39, seatsLeft: 1 }),
        makeEvent({
          id: 'e-2',
          title: 'Sold Out Breakfast',
          startTime: '2026-03-18T14:00:00.000Z',
          endTime: '2026-03-18T15:00:00.000Z',
          capacity: 20,
          attendeeCount: 20,
          seatsLeft: 0,
          waitlistCount: 2,
        }),
      ]),
    );
    renderWithProviders(<CalendarPage />);

    fireEvent.click(
      await screen.findByRole('button', { name: /Monthly Chamber Luncheon/, hidden: false }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Monthly Chamber Luncheon' });
    expect(within(dialog).getByText('1 seat left')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Register Now' })).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /Sold Out Breakfast/, hidden: false }));
    dialog = await screen.findByRole('dialog', { name: 'Sold Out Breakfast' });
    expect(within(dialog).getByText('Sold out')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Join the Waiting List' }).getAttribute('href'),
    ).toBe('/events/e-2?register=true');
    expect(within(dialog).queryByRole('link', { name: 'Register Now' })).toBeNull();
  });

  it('says when events cannot be loaded and offers a retry', async () => {
    stubApi({
      'GET /calendars/cal-1': () => json(200, testCalendar),
      'GET /calendars/cal-1/events': () =>
        json(500, { error: 'internal', message: 'Database unavailable' }),
    });
    renderWithProviders(<CalendarPage />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]!.textContent).toContain('Failed to fetch calendar events');
    expect(within(alerts[0]!).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'March 2026' })).toBeTruthy();
  });

  it('moves through days with the arrow keys and months with the buttons', async () => {
    stubApi(calendarRoutes([]));
    renderWithProviders(<CalendarPage />);
    const today = screen.getByRole('button', { name: /March 10, today/ });
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Tuesday, March 17/);
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'April 2026' })).toBeTruthy());
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Friday, April 17/),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: 'March 2026' })).toBeTruthy();
  });

  it('lists a day’s events in a dialog on small screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubApi(calendarRoutes([makeEvent()]));
    renderWithProviders(<CalendarPage />);
    const toggle = screen.getByRole('button', { name: 'Hide Calendar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(await screen.findByRole('button', { name: /Tuesday, March 17, 1 event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tuesday, March 17, 2026' });
    expect(within(dialog).getByText('1 event scheduled')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Monthly Chamber Luncheon/ }));
    expect(await screen.findByRole('dialog', { name: 'Monthly Chamber Luncheon' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Wednesday, March 18, no events/ }));
    expect(await screen.findByText('No events scheduled for this day')).toBeTruthy();
  });
});
