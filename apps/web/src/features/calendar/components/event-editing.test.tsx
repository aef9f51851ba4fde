import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventMessages } from '@chamber/contract';
import { json, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { calendarRoutes, makeEvent, makeOccurrence } from '../testing';
import { CalendarPage } from './calendar-page';

// Role queries over a 42-day grid are slow in jsdom.
vi.setConfig({ testTimeout: 30_000 });

/** The occurrence's stored links and note, as the edit dialog loads them. */
const customFields = (internalNote = '') => ({
  'GET /calendars/appointments/s-1_20260317T133000Z/custom-fields': () =>
    json(200, { pageUrl: '', coverImageUrl: '', downloadFileUrl: '', internalNote }),
});

/** The calendar, then the empty Thursday 19 March: answers the Create Event dialog for it. */
async function openCreator() {
  renderWithProviders(<CalendarPage />);
  fireEvent.click(
    await screen.findByRole('button', { name: /Thursday, March 19, no events, add event/ }),
  );
  return formIn(await screen.findByRole('dialog', { name: 'Create Event' }));
}

/** The calendar, then the occurrence's details, then Edit: answers the Edit Event dialog. */
async function openEditor() {
  renderWithProviders(<CalendarPage />);
  fireEvent.click(await screen.findByRole('button', { name: /Networking Breakfast/ }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit' }));
  return formIn(await screen.findByRole('dialog', { name: 'Edit Event' }));
}

/** The dialog once its form is in: the editor loads on demand. */
async function formIn(dialog: HTMLElement) {
  await within(dialog).findByLabelText('Start date');
  return dialog;
}

describe('the event dialog on the calendar', () => {
  beforeEach(() => {
    // 10:00 in Denver on Tuesday 10 March 2026; only the clock is fake, not the timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T16:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('creates an event from a day with the spec’s defaults and payload', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const saved = makeEvent({ id: 'new-1', title: 'Spring Luncheon' });
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([]),
      'POST /calendars/appointments': () =>
        json(201, { ...saved, address: saved.location, selectedTimezone: saved.timezone }),
    });

    const dialog = await openCreator();
    expect((within(dialog).getByLabelText('Start date') as HTMLInputElement).value).toBe(
      '2026-03-19',
    );
    expect((within(dialog).getByLabelText('Start time') as HTMLInputElement).value).toBe('11:00');
    expect((within(dialog).getByLabelText('End time') as HTMLInputElement).value).toBe('12:00');
    expect((within(dialog).getByLabelText('Internal note') as HTMLTextAreaElement).disabled).toBe(
      true,
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText('Event title is required.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Title*'), {
      target: { value: 'Spring Luncheon' },
    });
    fireEvent.change(within(dialog).getByLabelText('Location'), {
      target: { value: 'Riverton City Hall' },
    });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '10:00' } });
    // Multi-day off: an end before the start moves to the next day.
    expect((within(dialog).getByLabelText('End date') as HTMLInputElement).value).toBe(
      '2026-03-20',
    );
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '12:30' } });
    expect((within(dialog).getByLabelText('End date') as HTMLInputElement).value).toBe(
      '2026-03-19',
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send notification emails' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Event created'));
    expect(api.bodies('POST /calendars/appointments')).toEqual([
      {
        calendarId: 'cal-1',
        title: 'Spring Luncheon',
        description: '',
        startTime: '2026-03-19T17:00:00.000Z',
        endTime: '2026-03-19T18:30:00.000Z',
        location: 'Riverton City Hall',
        address: 'Riverton City Hall',
        calendarNotes: '',
        appointmentStatus: 'new',
        pageUrl: '',
        coverImageUrl: '',
        downloadFileUrl: '',
        capacity: null,
        reminderHours: 24,
        memberPriceCents: null,
        priceCents: null,
        selectedTimezone: 'America/Denver',
        ignoreDateRange: true,
        ignoreFreeSlotValidation: true,
        contactId: 'c-1',
        toNotify: true,
        internalNote: 'Created by Maria Lopez via web app',
        source: 'calendar_page',
        channel: 'web_app',
        meetingLocationType: 'custom',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sells tickets: prices in dollars sent as cents, online payment only when set up', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const saved = makeEvent({ id: 'new-2', title: 'Priced Luncheon' });
    let answer = json(400, {
      error: 'bad_request',
      message: 'A ticket price is a whole number of cents from 0 to 100000000',
    });
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([]),
      'GET /payments/options': () => json(200, { online: true, offlineMethods: ['cash'] }),
      'POST /calendars/appointments': () => answer,
    });

    const dialog = await openCreator();
    fireEvent.change(within(dialog).getByLabelText('Title*'), {
      target: { value: 'Priced Luncheon' },
    });
    // No price: a free event, nothing asked about payment.
    expect(within(dialog).queryByLabelText('Payment')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Non-member price ($ per seat)'), {
      target: { value: '35.555' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(eventMessages.price)).toBeTruthy();
    expect(api.bodies('POST /calendars/appointments')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Non-member price ($ per seat)'), {
      target: { value: '35' },
    });
    fireEvent.change(within(dialog).getByLabelText('Member price ($ per seat)'), {
      target: { value: '25.50' },
    });
    // The list of the select scrolls its chosen item into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => undefined;
    fireEvent.click(within(dialog).getByLabelText('Payment'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pay online' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Payment').textContent).toBe('Pay online'),
    );
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Refund on cancel' }));
    fireEvent.change(within(dialog).getByLabelText('Refund cut-off (hours before)'), {
      target: { value: '24' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    // The server's word on a refused save is shown in the dialog.
    expect(
      await within(dialog).findByText(
        'A ticket price is a whole number of cents from 0 to 100000000',
      ),
    ).toBeTruthy();
    answer = json(201, { ...saved, address: saved.location, selectedTimezone: saved.timezone });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(api.bodies('POST /calendars/appointments')).toHaveLength(2));
    expect(api.bodies('POST /calendars/appointments')[1]).toMatchObject({
      memberPriceCents: 2550,
      priceCents: 3500,
      ticketPayment: 'online',
      refundOnCancel: true,
      refundCutoffHours: 24,
    });
  });

  it('takes tickets by card by default when card payment is set up', async () => {
    stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([]),
      'GET /payments/options': () => json(200, { online: true, offlineMethods: ['cash'] }),
    });
    const dialog = await openCreator();
    fireEvent.change(within(dialog).getByLabelText('Non-member price ($ per seat)'), {
      target: { value: '45' },
    });
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Payment').textContent).toBe('Pay online'),
    );
  });

  it('offers only the door when card payment is not set up', async () => {
    stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([]),
      'GET /payments/options': () => json(200, { online: false, offlineMethods: ['cash'] }),
    });

    const dialog = await openCreator();
    fireEvent.change(within(dialog).getByLabelText('Member price ($ per seat)'), {
      target: { value: '25' },
    });
    expect(
      await within(dialog).findByText(
        'Card payment is not set up, so tickets are paid at the door.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Payment'));
    expect(await screen.findByRole('option', { name: 'Pay at the door' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Pay online' })).toBeNull();
  });

  it('asks how to apply a change to a recurring event, and sends only what was chosen', async () => {
    const occurrence = makeOccurrence();
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([occurrence]),
      ...customFields('Seeded'),
      'PUT /calendars/appointments/s-1_20260317T133000Z': (body) =>
        json(200, { ...occurrence, ...(body as object) }),
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 1);

    const form = await openEditor();
    expect(await within(form).findByText('Every week on Tuesday')).toBeTruthy();
    expect((within(form).getByLabelText('Start time') as HTMLInputElement).value).toBe('07:30');

    // Nothing changed, all future events: no call is made.
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    let choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
    expect(within(choice).getByText('Recommended')).toBeTruthy();
    fireEvent.click(within(choice).getByRole('button', { name: /Update all future events/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /Networking Breakfast/ }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Edit' }),
    );
    const again = await screen.findByRole('dialog', { name: 'Edit Event' });
    fireEvent.change(await within(again).findByLabelText('Title*'), {
      target: { value: 'Spring Breakfast' },
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Save Changes' }));
    choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
    fireEvent.click(within(choice).getByRole('button', { name: /Update only this event/ }));
    await waitFor(() =>
      expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')).toHaveLength(1),
    );
    expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')[0]).toMatchObject({
      title: 'Spring Breakfast',
      startTime: '2026-03-17T13:30:00.000Z',
      recurringEventUpdateType: 'this_event',
      toNotify: false,
      selectedTimezone: 'America/Denver',
    });
  });

  it('sets the seats and the reminder of a new event, with the contract’s sentences for bad numbers', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const saved = makeEvent({ id: 'new-2', title: 'Monthly Luncheon', capacity: 80 });
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([]),
      'POST /calendars/appointments': () =>
        json(201, { ...saved, address: saved.location, selectedTimezone: saved.timezone }),
    });

    const dialog = await openCreator();
    const capacity = within(dialog).getByLabelText('Capacity (seats)') as HTMLInputElement;
    const reminder = within(dialog).getByLabelText('Reminder (hours before)') as HTMLInputElement;
    expect(capacity.value).toBe('');
    expect(reminder.value).toBe('24');
    fireEvent.change(within(dialog).getByLabelText('Title*'), {
      target: { value: 'Monthly Luncheon' },
    });

    for (const bad of ['0', '2.5', 'eighty', '100001']) {
      fireEvent.change(capacity, { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
      expect(
        await within(dialog).findByText(eventMessages.capacity),
        `capacity ${bad}`,
      ).toBeTruthy();
    }
    fireEvent.change(capacity, { target: { value: '80' } });
    fireEvent.change(reminder, { target: { value: '169' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await within(dialog).findByText(eventMessages.reminderHours)).toBeTruthy();
    expect(within(dialog).queryByText(eventMessages.capacity)).toBeNull();
    expect(api.bodies('POST /calendars/appointments')).toEqual([]);

    fireEvent.change(reminder, { target: { value: '48' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(api.bodies('POST /calendars/appointments')).toHaveLength(1));
    expect(api.bodies('POST /calendars/appointments')[0]).toMatchObject({
      title: 'Monthly Luncheon',
      capacity: 80,
      reminderHours: 48,
    });
  });

  it('gives one occurrence its own capacity, clears the reminder, and shows the server’s refusal', async () => {
    const occurrence = makeOccurrence({ capacity: 12, attendeeCount: 9, waitlistCount: 2 });
    let answer: 'refuse' | 'save' = 'refuse';
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([occurrence]),
      ...customFields(),
      'PUT /calendars/appointments/s-1_20260317T133000Z': (body) =>
        answer === 'refuse'
          ? json(400, {
              error: 'validation_failed',
              message: 'Seats are being counted; try again.',
            })
          : json(200, { ...occurrence, ...(body as object) }),
    });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);

    const form = await openEditor();
    const capacity = (await within(form).findByLabelText('Capacity (seats)')) as HTMLInputElement;
    expect(capacity.value).toBe('12');
    expect(within(form).getByText(/9 seats taken now, 2 waiting/)).toBeTruthy();
    expect(
      within(form).getByText(/Saved with “Update only this event”, it is this date’s own/),
    ).toBeTruthy();

    fireEvent.change(capacity, { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('Reminder (hours before)'), {
      target: { value: '' },
    });
    const chooseOnlyThis = async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
      const choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
      fireEvent.click(within(choice).getByRole('button', { name: /Update only this event/ }));
    };
    await chooseOnlyThis();
    expect(await within(form).findByText('Seats are being counted; try again.')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();

    answer = 'save';
    await chooseOnlyThis();
    await waitFor(() => expect(success).toHaveBeenCalledWith('Event updated'));
    const bodies = api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      capacity: 20,
      reminderHours: null,
      recurringEventUpdateType: 'this_event',
    });
  });

  it('saves a new capacity for all future events as a change of the series', async () => {
    const occurrence = makeOccurrence({ capacity: null });
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([occurrence]),
      ...customFields(),
      'PUT /calendars/appointments/s-1_20260317T133000Z': (body) =>
        json(200, { ...occurrence, ...(body as object) }),
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 1);

    const form = await openEditor();
    fireEvent.change(await within(form).findByLabelText('Capacity (seats)'), {
      target: { value: '40' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
    fireEvent.click(within(choice).getByRole('button', { name: /Update all future events/ }));
    await waitFor(() =>
      expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')).toHaveLength(1),
    );
    expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')[0]).toMatchObject({
      capacity: 40,
      reminderHours: 24,
      recurringEventUpdateType: 'this_and_following_events',
    });
  });
  it.each([
    [
      'a new date for one occurrence',
      { 'Start date': '2026-03-18', 'End date': '2026-03-18' },
      'Update only this event',
    ],
    [
      'a new time of day',
      { 'Start time': '08:00', 'End time': '09:00' },
      'Update all events in the series',
    ],
    ['a new title', { 'Title*': 'Spring Breakfast' }, 'Update all future events'],
  ])(
    'offers three choices and recommends one for %s',
    async (_change, fields: Record<string, string>, recommended) => {
      const occurrence = makeOccurrence();
      stubApi({
        ...signedInAs(makeProfile()),
        ...calendarRoutes([occurrence]),
        ...customFields(),
      });
      const form = await openEditor();
      await within(form).findByText('Every week on Tuesday');
      for (const [label, value] of Object.entries(fields)) {
        fireEvent.change(within(form).getByLabelText(label), { target: { value } });
      }
      fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
      const choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
      expect(
        within(choice)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        expect.stringContaining('Update only this event'),
        expect.stringContaining('Update all future events'),
        expect.stringContaining('Update all events in the series'),
        'Cancel',
        expect.stringContaining('Close'),
      ]);
      expect(within(choice).getAllByText('Recommended')).toHaveLength(1);
      const marked = within(choice)
        .getAllByRole('button')
        .find((b) => within(b).queryByText('Recommended'))!;
      expect(marked.textContent).toContain(recommended);
      // The recommended choice has the focus.
      await waitFor(() => expect(document.activeElement).toBe(marked));
    },
  );

  it('moves the whole series with "Update all events in the series"', async () => {
    const occurrence = makeOccurrence();
    const api = stubApi({
      ...signedInAs(makeProfile()),
      ...calendarRoutes([occurrence]),
      ...customFields(),
      'PUT /calendars/appointments/s-1_20260317T133000Z': (body) =>
        json(200, { ...occurrence, ...(body as object) }),
    });
    vi.spyOn(toast, 'success').mockImplementation(() => 1);

    const form = await openEditor();
    fireEvent.change(await within(form).findByLabelText('Start time'), {
      target: { value: '08:00' },
    });
    fireEvent.change(within(form).getByLabelText('End time'), { target: { value: '09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const choice = await screen.findByRole('dialog', { name: 'Save recurring event' });
    fireEvent.click(
      within(choice).getByRole('button', { name: /Update all events in the series/ }),
    );
    await waitFor(() =>
      expect(api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z')).toHaveLength(1),
    );
    const [body] = api.bodies('PUT /calendars/appointments/s-1_20260317T133000Z');
    expect(body).toMatchObject({
      startTime: '2026-03-17T14:00:00.000Z',
      endTime: '2026-03-17T15:00:00.000Z',
      recurringEventUpdateType: 'all_events',
    });
    expect(body).not.toHaveProperty('rrule');
  });
});
