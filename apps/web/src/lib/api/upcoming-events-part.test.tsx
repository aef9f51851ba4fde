import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/test/calendar-events';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  PART_OF_THE_WINDOW,
  upcomingEventsQueryOptions,
  useUpcomingEvents,
} from './upcoming-events';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const events = [1, 2, 3, 4, 5].map((n) =>
  makeEvent({ id: `e-${n}`, title: `Event ${n}`, startTime: inDays(n), endTime: inDays(n) }),
);

/** A client holding what a server-rendered home page holds: the window's first event only. */
function homePageCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { queryKey } = upcomingEventsQueryOptions('cal-1');
  queryClient.setQueryData(
    queryKey,
    { events: events.slice(0, 1), truncated: false },
    { updatedAt: PART_OF_THE_WINDOW },
  );
  return queryClient;
}

function Carousel() {
  const { events: shown } = useUpcomingEvents({ limit: 3 });
  return <p>slides: {shown.map((e) => e.title).join(', ')}</p>;
}

function List() {
  const query = useUpcomingEvents();
  return <p>{query.isPending ? 'loading' : `${query.events.length} events`}</p>;
}

describe('the first upcoming events a server-rendered page holds', () => {
  it('do for the carousel: the window is not read again for it', async () => {
    const api = stubApi({
      'GET /calendars/cal-1/events': () => json(200, { events, truncated: false }),
    });
    renderWithProviders(<Carousel />, { queryClient: homePageCache() });
    expect(screen.getByText('slides: Event 1')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(0);
  });

  it('are not the list: it waits for the whole window (and never says "1 events")', async () => {
    const api = stubApi({
      'GET /calendars/cal-1/events': () => json(200, { events, truncated: false }),
    });
    renderWithProviders(<List />, { queryClient: homePageCache() });
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('5 events')).toBeTruthy());
    expect(api.calls.map((c) => c.route.split('?')[0])).toEqual(['GET /calendars/cal-1/events']);
  });
});
