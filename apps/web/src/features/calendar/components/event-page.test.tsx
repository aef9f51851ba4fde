import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { makeAppointment } from '../testing';
import { EventError, EventPage } from './event-page';

vi.setConfig({ testTimeout: 30_000 });

describe('EventPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T16:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the event: hero, details by line, organizer, categories', async () => {
    stubApi({
      'GET /calendars/appointments/e-1': () =>
        json(
          200,
          makeAppointment({
            attendeeCount: 14,
            calendarNotes: 'Parking behind City Hall.',
            downloadFileUrl: '/api/media/a.pdf',
          }),
        ),
    });
    renderWithProviders(<EventPage id="e-1" />);

    expect(screen.getByText('Loading event details...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Monthly Chamber Luncheon' }),
    ).toBeTruthy();
    expect(screen.getAllByText('Tuesday, March 17, 2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('12:00 PM – 1:15 PM MDT').length).toBeGreaterThan(0);
    expect(screen.getByText('14 registered')).toBeTruthy();
    const about = screen.getByRole('heading', { name: 'About This Event' }).parentElement!;
    expect(within(about).getByText('Lunch with fellow members.')).toBeTruthy();
    expect(within(about).getByText('New members introduce their business.')).toBeTruthy();
    expect(screen.getByText('Parking behind City Hall.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View on Map/ }).getAttribute('href')).toContain(
      'google.com/maps',
    );
    expect(screen.getByRole('link', { name: /Download Materials/ }).getAttribute('href')).toBe(
      '/api/media/a.pdf',
    );
    expect(screen.getByText('RACC Events Team')).toBeTruthy();
    for (const badge of ['Community', 'Networking', 'Business'])
      expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByText('Starts in 7 days, 2 hours and 0 minutes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();

    const favourite = screen.getByRole('button', { name: 'Favourite' });
    fireEvent.click(favourite);
    expect(favourite.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('event-favorites')).toBe('["e-1"]');
  });

  it('lists who registered for the organizer, earliest first, and for nobody else', async () => {
    const attendees = [
      {
        id: 'r-2',
        name: 'Luis Ortega',
        email: 'luis@ortegaplumbing.example',
        phone: null,
        guests: 1,
        notes: null,
        seatStatus: 'confirmed' as const,
        waitlistPosition: null,
        holdUntil: null,
        checkedInAt: null,
        walkIn: false,
        createdAt: '2026-03-09T10:00:00.000Z',
        updatedAt: '2026-03-09T10:00:00.000Z',
      },
      {
        id: 'r-1',
        name: 'Dana Whitfield',
        email: 'dana@whitfieldflorist.example',
        phone: '(801) 555-0199',
        guests: 3,
        notes: 'Vegetarian meal, please',
        seatStatus: 'confirmed' as const,
        waitlistPosition: null,
        holdUntil: null,
        checkedInAt: null,
        walkIn: false,
        createdAt: '2026-03-08T10:00:00.000Z',
        updatedAt: '2026-03-08T10:00:00.000Z',
      },
    ];
    stubApi({
      ...signedInAs(makeProfile()),
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment({ canEdit: true, attendees, attendeeCount: 4 })),
    });
    renderWithProviders(<EventPage id="e-1" />);

    const list = await screen.findByRole('list', { name: 'Registrations' });
    expect(screen.getByText('2 registrations, 4 people')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.font-medium')?.textContent)).toEqual([
      'Dana Whitfield',
      'Luis Ortega',
    ]);
    expect(within(items[0]!).getByText('3 people')).toBeTruthy();
    expect(within(items[0]!).getByText('Vegetarian meal, please')).toBeTruthy();
    expect(
      within(items[0]!).getByRole('link', { name: '(801) 555-0199' }).getAttribute('href'),
    ).toBe('tel:8015550199');
    expect(
      within(items[1]!)
        .getByRole('link', { name: 'luis@ortegaplumbing.example' })
        .getAttribute('href'),
    ).toBe('mailto:luis@ortegaplumbing.example');
  });

  it('shows the organizer the seats, the waiting list and check-in, fresh after a registration here', async () => {
    const party = (id: string, name: string, guests: number, more: object = {}) => ({
      id,
      name,
      email: `${id}@example.org`,
      phone: null,
      guests,
      notes: null,
      seatStatus: 'confirmed' as const,
      waitlistPosition: null,
      holdUntil: null,
      checkedInAt: null,
      walkIn: false,
      createdAt: '2026-03-08T10:00:00.000Z',
      updatedAt: '2026-03-08T10:00:00.000Z',
      ...more,
    });
    const seated = [
      party('r-1', 'Dana Whitfield', 3, { checkedInAt: '2026-03-17T18:02:00.000Z' }),
      party('r-2', 'Luis Ortega', 7),
      party('r-3', 'Ada Brook', 4, {
        seatStatus: 'waitlisted' as const,
        waitlistPosition: 1,
        createdAt: '2026-03-09T10:00:00.000Z',
      }),
    ];
    let attendees = seated;
    const api = stubApi({
      ...signedInAs(makeProfile()),
      'GET /calendars/appointments/e-1': () => {
        const full = attendees.length > 3;
        return json(
          200,
          makeAppointment({
            canEdit: true,
            attendees,
            capacity: 12,
            attendeeCount: full ? 12 : 10,
            registrationCount: full ? 3 : 2,
            seatsLeft: full ? 0 : 2,
            waitlistCount: 1,
          }),
        );
      },
      'POST /calendars/appointments/e-1/registrations': () => {
        attendees = [...seated, party('r-4', 'Maria Lopez', 2)];
        return json(201, {
          registration: { ...party('r-4', 'Maria Lopez', 2), eventId: 'e-1' },
          updated: false,
          attendeeCount: 12,
          registrationCount: 3,
          seatsLeft: 0,
          message: "We've sent a confirmation to your email.",
        });
      },
    });
    renderWithProviders(<EventPage id="e-1" />);

    const card = (await screen.findByRole('list', { name: 'Registrations' })).parentElement!
      .parentElement!;
    expect(
      within(card).getByText('10 of 12 seats taken · 2 left · 1 waiting · 3 of 10 checked in'),
    ).toBeTruthy();
    expect(within(card).getByText('Waiting list #1')).toBeTruthy();
    expect(within(card).getByText(/^Checked in at 12:02/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Check guests in' }).getAttribute('href')).toBe(
      '/events/e-1/check-in',
    );

    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    fireEvent.change(await within(dialog).findByLabelText('Number of Guests'), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(card).findByText(
        '12 of 12 seats taken · Sold out · 1 waiting · 3 of 12 checked in',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Maria Lopez')).toBeTruthy();
    expect(api.bodies('POST /calendars/appointments/e-1/registrations')).toHaveLength(1);
  });

  it('registers for this date only or for all upcoming dates of a series, and lists the dates', async () => {
    const id = 's-1_20260317T180000Z';
    const api = stubApi({
      [`GET /calendars/appointments/${id}`]: () =>
        json(
          200,
          makeAppointment({
            id,
            isRecurring: true,
            masterEventId: 's-1',
            rrule: 'FREQ=WEEKLY;COUNT=3',
          }),
        ),
      [`GET /calendars/appointments/${id}/series-registrations`]: () =>
        json(200, {
          dates: [
            { eventId: id, startTime: '2026-03-17T18:00:00.000Z' },
            { eventId: 's-1_20260324T180000Z', startTime: '2026-03-24T18:00:00.000Z' },
          ],
        }),
      [`POST /calendars/appointments/${id}/series-registrations`]: () =>
        json(201, {
          dates: [
            {
              eventId: id,
              startTime: '2026-03-17T18:00:00.000Z',
              seatStatus: 'confirmed',
              waitlistPosition: null,
            },
            {
              eventId: 's-1_20260324T180000Z',
              startTime: '2026-03-24T18:00:00.000Z',
              seatStatus: 'waitlisted',
              waitlistPosition: 2,
            },
          ],
          seatedCount: 1,
          waitlistedCount: 1,
          message: 'You are registered for 1 of 2 dates.',
          ticket: null,
        }),
    });
    renderWithProviders(<EventPage id={id} />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    const all = await within(dialog).findByLabelText('All upcoming dates (2)');
    expect(within(dialog).getByLabelText('This date only')).toHaveProperty('checked', true);
    fireEvent.click(all);
    fireEvent.change(within(dialog).getByLabelText('Full Name*'), {
      target: { value: 'Maria Lopez' },
    });
    fireEvent.change(within(dialog).getByLabelText('Email*'), {
      target: { value: 'maria@lopez.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const dates = await within(dialog).findByRole('list', { name: 'Your dates' });
    const items = within(dates).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Tue, Mar 17, 2026, 12:00 PMRegistered',
      'Tue, Mar 24, 2026, 12:00 PMWaiting list, number 2',
    ]);
    expect(api.bodies(`POST /calendars/appointments/${id}/series-registrations`)).toEqual([
      expect.objectContaining({ name: 'Maria Lopez', email: 'maria@lopez.example' }),
    ]);
    expect(api.bodies(`POST /calendars/appointments/${id}/registrations`)).toHaveLength(0);
  });

  it('offers the waiting list instead of Register Now when the event is sold out', async () => {
    stubApi({
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment({ capacity: 20, attendeeCount: 20, seatsLeft: 0 })),
    });
    renderWithProviders(<EventPage id="e-1" />);
    expect(await screen.findByText('Sold out')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Join the Waiting List' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Register Now' })).toBeNull();
  });

  it('says the visitor is on the waiting list, not registered, after joining it', async () => {
    const message =
      "This event is sold out. You're number 3 on the waiting list; we'll email you if seats free up.";
    stubApi({
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment({ capacity: 20, attendeeCount: 20, seatsLeft: 0 })),
      'POST /calendars/appointments/e-1/registrations': () =>
        json(201, {
          registration: {
            id: 'r-9',
            eventId: 'e-1',
            name: 'Maria Lopez',
            email: 'maria@riverbendbakery.example',
            phone: null,
            guests: 1,
            notes: null,
            seatStatus: 'waitlisted',
            waitlistPosition: 3,
            holdUntil: null,
            checkedInAt: null,
            walkIn: false,
            createdAt: '2026-03-09T10:00:00.000Z',
            updatedAt: '2026-03-09T10:00:00.000Z',
          },
          updated: false,
          attendeeCount: 20,
          registrationCount: 12,
          seatsLeft: 0,
          message,
        }),
    });
    renderWithProviders(<EventPage id="e-1" />);
    expect(await screen.findByRole('link', { name: 'Add to Calendar' })).toBeTruthy();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Join the Waiting List' }))[0]!);
    // The dialog says what the form does: no registration, a place on the waiting list.
    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    expect(within(dialog).queryByText('Register for Event')).toBeNull();
    fireEvent.change(await within(dialog).findByLabelText('Full Name*'), {
      target: { value: 'Maria Lopez' },
    });
    fireEvent.change(within(dialog).getByLabelText('Email*'), {
      target: { value: 'maria@riverbendbakery.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Join|Register/ }));
    expect(await screen.findByRole('heading', { name: "You're on the Waiting List" })).toBeTruthy();
    expect(screen.queryByText("You're Registered!")).toBeNull();
    expect(screen.getByText(message)).toBeTruthy();
    // No seat, so nothing to put in a calendar.
    expect(screen.queryByRole('link', { name: 'Add to Calendar' })).toBeNull();
  });

  it('names a member’s business as the organizer of its own event, linking its member page', async () => {
    stubApi({
      'GET /calendars/appointments/e-1': () =>
        json(
          200,
          makeAppointment({ contactId: 'c-7' }, { name: 'Sweetwater Bakery', memberId: 'c-7' }),
        ),
    });
    renderWithProviders(<EventPage id="e-1" />);
    expect(await screen.findByRole('heading', { name: 'Organizer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sweetwater Bakery' }).getAttribute('href')).toBe(
      '/members/c-7',
    );
    expect(screen.queryByText('RACC Events Team')).toBeNull();
  });

  it('back from Checkout unpaid, says the seats are held with Pay now, and not that a confirmation was sent', async () => {
    // What the page kept before leaving for Checkout (rememberPendingTicket), 30 minutes' hold.
    localStorage.setItem('event-registrations', JSON.stringify(['e-1']));
    localStorage.setItem(
      'event-ticket:e-1',
      JSON.stringify({
        amountCents: 7000,
        currency: 'USD',
        invoiceNumber: '2026-0005',
        holdUntil: '2026-03-10T16:30:00Z',
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
    );
    stubApi({ 'GET /calendars/appointments/e-1': () => json(200, makeAppointment()) });
    renderWithProviders(<EventPage id="e-1" />);
    const held = await screen.findByText(/^Not paid yet: \$70\.00 \(invoice 2026-0005\)\./);
    expect(
      screen.getByRole('heading', { name: 'Not paid yet — pay to keep your seat' }),
    ).toBeTruthy();
    expect(screen.queryByText("You're Registered!")).toBeNull();
    expect(held.textContent).toContain('(30 minutes left) while you pay.');
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
    // Seats held for an online payment are confirmed, and mailed, once paid.
    expect(screen.queryByText("We've sent a confirmation to your email.")).toBeNull();
  });

  it('says an event without a capacity has no seat limit', async () => {
    stubApi({
      ...signedInAs(makeProfile()),
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment({ canEdit: true, attendees: [], capacity: null })),
    });
    renderWithProviders(<EventPage id="e-1" />);
    expect(await screen.findByText('No seat limit · 0 waiting · 0 of 0 checked in')).toBeTruthy();
  });

  it('moves the address to the current id when a retired occurrence id answers', async () => {
    const requests: string[] = [];
    stubApi({
      'GET /calendars/appointments/s-1_20260317T133000Z': () => {
        requests.push('old');
        return json(200, makeAppointment({ id: 's-2_20260317T140000Z' }));
      },
      'GET /calendars/appointments/s-2_20260317T140000Z': () => {
        requests.push('new');
        return json(200, makeAppointment({ id: 's-2_20260317T140000Z' }));
      },
    });
    function Address() {
      const location = useLocation();
      return <output aria-label="address">{location.pathname + location.search}</output>;
    }
    renderWithProviders(
      <>
        <EventPage id="s-1_20260317T133000Z" />
        <Address />
      </>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Monthly Chamber Luncheon' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
        '/events/s-2_20260317T140000Z',
      ),
    );
    // The answer already in hand is shown for the new address; nothing is fetched twice.
    expect(requests).toEqual(['old']);
  });

  it('shows no registrations list to a visitor who may not edit the event', async () => {
    stubApi({
      'GET /calendars/appointments/e-1': () => json(200, makeAppointment({ attendeeCount: 4 })),
    });
    renderWithProviders(<EventPage id="e-1" />);
    await screen.findByRole('heading', { level: 1, name: 'Monthly Chamber Luncheon' });
    expect(screen.queryByRole('heading', { name: 'Registrations' })).toBeNull();
  });

  it('shows Event Not Found with the way back', async () => {
    stubApi({
      'GET /calendars/appointments/nope': () =>
        json(404, { error: 'not_found', message: 'Event not found' }),
    });
    renderWithProviders(<EventPage id="nope" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Event Not Found' })).toBeTruthy();
    expect(
      within(alert).getByText("The event you're looking for doesn't exist or has been removed."),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Calendar' }).getAttribute('href')).toBe(
      '/calendar',
    );
  });

  it('says when no event id was given', () => {
    renderWithProviders(<EventError title="Event ID not provided" />);
    expect(screen.getByRole('heading', { name: 'Event ID not provided' })).toBeTruthy();
  });

  it('registers, prefilled from the signed-in user, and then says so', async () => {
    // The server's event, as it stands: the registration counts once it is made.
    let registered = false;
    const api = stubApi({
      ...signedInAs(makeProfile()),
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment(registered ? { attendeeCount: 3, registrationCount: 1 } : {})),
      'GET /calendars/cal-1/events': () => json(200, { events: [], truncated: false }),
      'POST /calendars/appointments/e-1/registrations': (body) => {
        registered = true;
        return json(201, {
          registration: {
            id: 'r-1',
            eventId: 'e-1',
            ...(body as object),
            guests: 3,
            seatStatus: 'confirmed',
            waitlistPosition: null,
            holdUntil: null,
            checkedInAt: null,
            createdAt: '',
            updatedAt: '',
          },
          updated: false,
          attendeeCount: 3,
          registrationCount: 1,
          seatsLeft: null,
          message: "We've sent a confirmation to your email.",
        });
      },
    });
    renderWithProviders(<EventPage id="e-1" />);

    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    expect(((await within(dialog).findByLabelText('Full Name*')) as HTMLInputElement).value).toBe(
      'Maria Lopez',
    );
    expect((within(dialog).getByLabelText('Email*') as HTMLInputElement).value).toBe(
      'maria@riverbendbakery.example',
    );
    const guests = within(dialog).getByLabelText('Number of Guests') as HTMLInputElement;
    expect(guests.value).toBe('1');

    fireEvent.change(guests, { target: { value: '11' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText('Number of guests must be between 1 and 10'),
    ).toBeTruthy();
    expect(api.bodies('POST /calendars/appointments/e-1/registrations')).toEqual([]);

    fireEvent.change(guests, { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Notes (optional)'), {
      target: { value: 'One vegetarian' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));

    expect(await screen.findByText("You're Registered!")).toBeTruthy();
    expect(api.bodies('POST /calendars/appointments/e-1/registrations')).toEqual([
      {
        name: 'Maria Lopez',
        email: 'maria@riverbendbakery.example',
        phone: '(801) 555-0142',
        numberOfGuests: 3,
        notes: 'One vegetarian',
      },
    ]);
    expect(screen.getByText("We've sent a confirmation to your email.")).toBeTruthy();
    await waitFor(() => expect(screen.getByText('3 registered')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Register Now' })).toBeNull();
  });

  it('fills the form in from a session known only after the dialog opened, keeping what was typed', async () => {
    // The session is read once the page has started: here it answers after Register is pressed.
    let answerProfile: () => void = () => {};
    const profileAnswered = new Promise<void>((resolve) => (answerProfile = resolve));
    const signedIn = signedInAs(makeProfile());
    stubApi({
      ...signedIn,
      'GET /auth/profile': async () => {
        await profileAnswered;
        return signedIn['GET /auth/profile']!(undefined);
      },
      'GET /calendars/appointments/e-1': () => json(200, makeAppointment()),
      'GET /calendars/cal-1/events': () => json(200, { events: [], truncated: false }),
    });
    renderWithProviders(<EventPage id="e-1" />);

    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    const name = (await within(dialog).findByLabelText('Full Name*')) as HTMLInputElement;
    expect(name.value).toBe('');
    fireEvent.change(name, { target: { value: 'Maria L.' } });

    answerProfile();
    const email = within(dialog).getByLabelText('Email*') as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe('maria@riverbendbakery.example'));
    expect((within(dialog).getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe(
      '(801) 555-0142',
    );
    expect(name.value).toBe('Maria L.');
  });

  it('sends a double click once, and a repeat of the same form as the same request', async () => {
    let answer = 0;
    const api = stubApi({
      'GET /calendars/appointments/e-1': () => json(200, makeAppointment()),
      'POST /calendars/appointments/e-1/registrations': (body) => {
        answer += 1;
        if (answer === 1) return json(503, { error: 'unavailable', message: 'Try again.' });
        return json(201, {
          registration: {
            id: 'r-1',
            eventId: 'e-1',
            ...(body as object),
            guests: 1,
            seatStatus: 'confirmed',
            waitlistPosition: null,
            holdUntil: null,
            checkedInAt: null,
            createdAt: '',
            updatedAt: '',
          },
          updated: false,
          attendeeCount: 1,
          registrationCount: 1,
          seatsLeft: null,
          message: "We've sent a confirmation to your email.",
        });
      },
    });
    renderWithProviders(<EventPage id="e-1" />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    fireEvent.change(await within(dialog).findByLabelText('Full Name*'), {
      target: { value: 'Ana Reyes' },
    });
    fireEvent.change(within(dialog).getByLabelText('Email*'), {
      target: { value: 'ana@reyesdental.example' },
    });
    const button = within(dialog).getByRole('button', { name: 'Register' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await within(dialog).findByText('Try again.')).toBeTruthy();
    const route = 'POST /calendars/appointments/e-1/registrations';
    const posts = () => api.calls.filter((c) => c.route === route);
    expect(posts()).toHaveLength(1);

    // Sent again unchanged: the same request, which the server answers as it did the first.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText("You're Registered!")).toBeTruthy();
    expect(posts()).toHaveLength(2);
    const [first, second] = posts().map((c) => c.headers['Idempotency-Key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toBe(first);
  });

  it('shows the price, the rate and the party’s total before paying', async () => {
    const ticket = {
      memberPriceCents: 3500,
      priceCents: 4500,
      currency: 'USD',
      payment: 'online' as const,
      refundOnCancel: false,
      refundCutoffHours: 48,
      viewerPriceCents: 4500,
      viewerIsMember: false,
    };
    const api = stubApi({
      'GET /calendars/appointments/e-1': () => json(200, makeAppointment({ ticket })),
      'POST /calendars/appointments/e-1/registrations': () =>
        json(201, {
          registration: {
            id: 'r-2',
            eventId: 'e-1',
            name: 'Ana Reyes',
            email: 'ana@reyesdental.example',
            phone: null,
            guests: 2,
            notes: null,
            seatStatus: 'held',
            waitlistPosition: null,
            holdUntil: '2026-03-10T16:30:00.000Z',
            checkedInAt: null,
            createdAt: '',
            updatedAt: '',
          },
          updated: false,
          attendeeCount: 2,
          registrationCount: 1,
          seatsLeft: null,
          message:
            'Your seats are held for 30 minutes while you pay. The payment page could not be opened just now; please try again from your registration.',
          ticket: {
            amountCents: 9000,
            currency: 'USD',
            invoiceId: 'i-1',
            invoiceNumber: '2026-0009',
            status: 'unpaid',
            payment: 'online',
            checkoutUrl: null,
          },
        }),
    });
    renderWithProviders(<EventPage id="e-1" />);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Register Now' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Register for Event' });
    const price = await within(dialog).findByRole('region', { name: 'Price' });
    expect(within(price).getByText('$45.00 a seat')).toBeTruthy();
    expect(within(price).getByText('Non-member rate')).toBeTruthy();
    expect(
      within(price).getByText('Members with an active membership pay $35.00 a seat.'),
    ).toBeTruthy();
    expect(within(price).getByText('$45.00', { selector: 'dd' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Number of Guests'), {
      target: { value: '2' },
    });
    expect(await within(price).findByText('$90.00')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Full Name*'), {
      target: { value: 'Ana Reyes' },
    });
    fireEvent.change(within(dialog).getByLabelText('Email*'), {
      target: { value: 'ana@reyesdental.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment — $90.00' }));
    // Held, and the payment page did not open: not registered until it is paid.
    expect(
      await screen.findByRole('heading', { name: 'Not paid yet — pay to keep your seat' }),
    ).toBeTruthy();
    expect(screen.queryByText("You're Registered!")).toBeNull();
    expect(api.bodies('POST /calendars/appointments/e-1/registrations')).toHaveLength(1);
  });

  it('downloads the calendar file named after the title', async () => {
    stubApi({
      'GET /calendars/appointments/e-1': () =>
        json(200, makeAppointment({ title: 'Lunch: Q&A / Mayor' })),
      'GET /calendars/appointments/e-1/ics': () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'Content-Type': 'text/calendar' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:ics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    renderWithProviders(<EventPage id="e-1" />);

    fireEvent.click(await screen.findByRole('link', { name: 'Add to Calendar' }));
    await waitFor(() => expect(downloaded).toBe('Lunch QA Mayor.ics'));
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('shares with a copyable link where the device has no share sheet', async () => {
    stubApi({ 'GET /calendars/appointments/e-1': () => json(200, makeAppointment()) });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderWithProviders(<EventPage id="e-1" />);

    fireEvent.click(await screen.findByRole('link', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(within(dialog).getByText('Copied to the clipboard.')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/');
  });
});
