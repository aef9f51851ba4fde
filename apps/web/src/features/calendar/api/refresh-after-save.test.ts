import type { EventList } from '@chamber/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../testing';
import { calendarKeys } from '@/lib/api/calendar-keys';
import { refreshAfterDelete, refreshAfterSave } from './refresh-after-save';

const march = calendarKeys.window('cal-1', '2026-03-01', '2026-04-11');

/** A client whose grid (an active query) shows `events`; its next load fails or answers `next`. */
async function clientWith(events: EventList['events'], next: 'fail' | EventList) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let loads = 0;
  const observer = new QueryObserver(client, {
    queryKey: march,
    queryFn: async (): Promise<EventList> => {
      loads += 1;
      if (loads === 1) return { events, truncated: false };
      if (next === 'fail') throw new Error('Failed to fetch calendar events');
      return next;
    },
  });
  observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return { client };
}

describe('refresh after a save', () => {
  it('puts the saved event in place of the edited one when the refresh fails', async () => {
    const old = makeEvent({ id: 'e-1', title: 'Luncheon' });
    const other = makeEvent({
      id: 'e-2',
      title: 'Mixer',
      startTime: '2026-03-20T00:00:00Z',
      endTime: '2026-03-20T02:00:00Z',
    });
    const { client } = await clientWith([old, other], 'fail');
    await refreshAfterSave(client, {
      replacedId: 'e-1',
      saved: { ...old, title: 'Spring Luncheon' },
    });
    const list = client.getQueryData<EventList>(march)!;
    expect(list.events.map((e) => e.title)).toEqual(['Spring Luncheon', 'Mixer']);
  });

  it('adds a new event that falls in the list’s days, and leaves others out', async () => {
    const { client } = await clientWith([], 'fail');
    await refreshAfterSave(client, { replacedId: null, saved: makeEvent({ id: 'new' }) });
    await refreshAfterSave(client, {
      replacedId: null,
      saved: makeEvent({
        id: 'june',
        startTime: '2026-06-02T18:00:00Z',
        endTime: '2026-06-02T19:00:00Z',
      }),
    });
    expect(client.getQueryData<EventList>(march)!.events.map((e) => e.id)).toEqual(['new']);
  });

  it('shows what the server answers when the refresh works', async () => {
    const fresh = { events: [makeEvent({ id: 'e-9' })], truncated: false };
    const { client } = await clientWith([makeEvent()], fresh);
    await refreshAfterSave(client, { replacedId: 'e-1', saved: makeEvent({ title: 'Local' }) });
    expect(client.getQueryData<EventList>(march)!.events.map((e) => e.id)).toEqual(['e-9']);
  });

  it('drops a deleted event locally when the refresh fails', async () => {
    const { client } = await clientWith([makeEvent()], 'fail');
    await refreshAfterDelete(client, 'e-1');
    expect(client.getQueryData<EventList>(march)!.events).toEqual([]);
  });
});
