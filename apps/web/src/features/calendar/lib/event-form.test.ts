import { describe, expect, it } from 'vitest';
import { eventFormSchema, eventMessages } from '@chamber/contract';
import { eventToFormValues, followingEndDate, isMultiDay, newEventDefaults } from './event-form';

const DENVER = 'America/Denver';

describe('new event defaults', () => {
  it('starts at 9 in the morning before 8 o’clock, on the chosen day, for an hour', () => {
    // 06:15 in Denver.
    const values = newEventDefaults({
      now: new Date('2025-03-04T13:15:00Z'),
      timeZone: DENVER,
      date: '2025-03-20',
    });
    expect(values).toMatchObject({
      startDate: '2025-03-20',
      startTime: '09:00',
      endDate: '2025-03-20',
      endTime: '10:00',
      appointmentStatus: 'new',
    });
  });

  it('starts at the next hour later in the day, today by default', () => {
    // 14:40 in Denver.
    const values = newEventDefaults({ now: new Date('2025-03-04T21:40:00Z'), timeZone: DENVER });
    expect(values).toMatchObject({
      startDate: '2025-03-04',
      startTime: '15:00',
      endDate: '2025-03-04',
      endTime: '16:00',
    });
  });

  it('runs past midnight late at night', () => {
    // 22:30 and 23:30 in Denver.
    expect(
      newEventDefaults({ now: new Date('2025-03-05T05:30:00Z'), timeZone: DENVER }),
    ).toMatchObject({
      startDate: '2025-03-04',
      startTime: '23:00',
      endDate: '2025-03-05',
      endTime: '00:00',
    });
    expect(
      newEventDefaults({ now: new Date('2025-03-05T06:30:00Z'), timeZone: DENVER }),
    ).toMatchObject({
      startDate: '2025-03-05',
      startTime: '00:00',
      endDate: '2025-03-05',
      endTime: '01:00',
    });
  });
});

describe('multi-day rules', () => {
  it('keeps the end on the start day, or the next when the end time is earlier', () => {
    expect(
      followingEndDate({ startDate: '2025-03-04', startTime: '09:00', endTime: '10:00' }),
    ).toBe('2025-03-04');
    expect(
      followingEndDate({ startDate: '2025-03-04', startTime: '09:00', endTime: '09:00' }),
    ).toBe('2025-03-04');
    expect(
      followingEndDate({ startDate: '2025-03-04', startTime: '21:00', endTime: '01:00' }),
    ).toBe('2025-03-05');
  });

  it('knows an event that needs the switch on', () => {
    const base = { startDate: '2025-03-04', startTime: '09:00', endTime: '17:00' };
    expect(isMultiDay({ ...base, endDate: '2025-03-04' })).toBe(false);
    expect(isMultiDay({ ...base, endDate: '2025-03-06' })).toBe(true);
    expect(
      isMultiDay({ ...base, startTime: '21:00', endTime: '01:00', endDate: '2025-03-05' }),
    ).toBe(false);
  });
});

describe('event form validation', () => {
  const valid = newEventDefaults({ now: new Date('2025-03-04T13:15:00Z'), timeZone: DENVER });
  const messages = (values: object) => {
    const result = eventFormSchema.safeParse({ ...valid, ...values });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('passes a complete event', () => {
    expect(messages({ title: 'Chamber Luncheon' })).toEqual([]);
  });

  it('says what is missing with the spec’s sentences', () => {
    expect(messages({ title: '  ' })).toEqual([eventMessages.titleRequired]);
    expect(messages({ title: 'x', startTime: '' })).toEqual([eventMessages.startRequired]);
    expect(messages({ title: 'x', endDate: '' })).toEqual([eventMessages.endRequired]);
    expect(messages({ title: 'x', endTime: '08:00' })).toEqual([eventMessages.endAfterStart]);
    expect(messages({ title: 'x', endTime: '09:00' })).toEqual([eventMessages.endAfterStart]);
  });

  it('accepts web addresses and uploaded files as links, nothing else', () => {
    expect(messages({ title: 'x', pageUrl: 'https://rivertonchamber.example/lunch' })).toEqual([]);
    expect(messages({ title: 'x', coverImageUrl: '/api/media/abc.jpg' })).toEqual([]);
    expect(messages({ title: 'x', downloadFileUrl: 'javascript:alert(1)' })).toEqual([
      'Must be a full URL (https://...) or an uploaded file',
    ]);
  });
});

describe('editing an event', () => {
  it('shows its times on the calendar’s clock', () => {
    const values = eventToFormValues(
      {
        title: 'Holiday Lights Mixer',
        description: 'Hot cocoa',
        startTime: '2025-12-13T01:00:00Z',
        endTime: '2025-12-13T03:00:00Z',
        location: 'Town Square',
        appointmentStatus: 'confirmed',
        pageUrl: null,
      },
      DENVER,
    );
    expect(values).toMatchObject({
      startDate: '2025-12-12',
      startTime: '18:00',
      endDate: '2025-12-12',
      endTime: '20:00',
      appointmentStatus: 'confirmed',
      pageUrl: '',
    });
  });
});
