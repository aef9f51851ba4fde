import type { Suppression, SuppressionList, Unsubscribe } from '@chamber/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { NoBulkMail } from './no-bulk-mail';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const suppression = (over: Partial<Suppression> = {}): Suppression => ({
  email: 'gone@example.org',
  reason: 'hard-bounce',
  detail: '5.1.1 user unknown',
  createdAt: '2026-03-02T15:00:00.000Z',
  ...over,
});

const suppressions = (rows: Suppression[], total = rows.length): SuppressionList => ({
  suppressions: rows,
  truncated: total > rows.length,
  pagination: { total, hasMore: total > rows.length },
  mailbox: null,
});

/** The query string of the last call to `route`, as an object. */
const queryOf = (calls: { route: string }[], route: string) => {
  const call = calls.filter((c) => c.route.startsWith(`${route}?`) || c.route === route).at(-1);
  return Object.fromEntries(new URL(call!.route.split(' ')[1]!, 'http://x').searchParams);
};

describe('NoBulkMail', () => {
  it('lists suppressed addresses with why and when, searches, and lifts after a confirm', async () => {
    let rows = [
      suppression(),
      suppression({ email: 'angry@example.org', reason: 'complaint', detail: '' }),
      suppression({ email: 'asked@example.org', reason: 'manual', detail: 'Asked by phone' }),
      suppression({ email: 'flaky@example.org', reason: 'soft-bounces', detail: '4.2.2 full' }),
    ];
    const api = stubApi({
      'GET /admin/suppressions': () => json(200, suppressions(rows)),
      'POST /admin/suppressions/lift': (body) => {
        rows = rows.filter((r) => r.email !== (body as { email: string }).email);
        return json(200, { lifted: true });
      },
    });
    renderWithProviders(<NoBulkMail />);

    expect(
      screen.getByText(/Receipts, invoices, event registrations and password resets still reach/),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' });
    const row = (email: string) => within(table).getByRole('row', { name: new RegExp(email) });
    expect(within(row('gone@example.org')).getByText('Hard bounce')).toBeTruthy();
    expect(within(row('gone@example.org')).getByText('5.1.1 user unknown')).toBeTruthy();
    expect(within(row('gone@example.org')).getByText('Mar 2, 2026, 8:00 AM')).toBeTruthy();
    expect(within(row('angry@example.org')).getByText('Complaint')).toBeTruthy();
    expect(within(row('asked@example.org')).getByText('Added by staff')).toBeTruthy();
    expect(within(row('flaky@example.org')).getByText('Three soft bounces')).toBeTruthy();
    expect(screen.getByText(/No bounce mailbox is set up/)).toBeTruthy();

    // The search asks the server, 25 a page from the first.
    fireEvent.change(screen.getByLabelText('Search suppressed addresses'), {
      target: { value: ' gone ' },
    });
    await waitFor(() =>
      expect(queryOf(api.calls, 'GET /admin/suppressions')).toEqual({
        q: 'gone',
        limit: '25',
        offset: '0',
      }),
    );

    fireEvent.click(
      within(row('gone@example.org')).getByRole('button', {
        name: 'Lift the suppression of gone@example.org',
      }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Lift the suppression of gone@example.org?');
    expect(dialog.textContent).toMatch(/Lifting lets bulk mail .* go to this address again/);
    // Keeping it changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it suppressed' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.bodies('POST /admin/suppressions/lift')).toEqual([]);

    fireEvent.click(
      within(row('gone@example.org')).getByRole('button', {
        name: 'Lift the suppression of gone@example.org',
      }),
    );
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Lift the suppression',
      }),
    );
    await waitFor(() =>
      expect(api.bodies('POST /admin/suppressions/lift')).toEqual([{ email: 'gone@example.org' }]),
    );
    await waitFor(() => expect(within(table).queryByText('gone@example.org')).toBeNull());
  });

  it('adds an address by hand with a reason; a bad or known address is refused in the dialog', async () => {
    const api = stubApi({
      'GET /admin/suppressions': () => json(200, suppressions([])),
      'POST /admin/suppressions': (body) => {
        const { email } = body as { email: string };
        return email === 'known@example.org'
          ? json(409, { error: 'conflict', message: 'This address is suppressed already.' })
          : json(201, suppression({ email, reason: 'manual', detail: 'Asked by phone' }));
      },
    });
    renderWithProviders(<NoBulkMail />);
    expect(await screen.findByText('No address is suppressed.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    let dialog = await screen.findByRole('dialog', { name: 'Stop bulk mail to an address' });
    expect(dialog.textContent).toContain('Receipts, invoices and registrations still do.');
    const email = within(dialog).getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suppress' }));
    expect(await within(dialog).findByText('Enter an email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.bodies('POST /admin/suppressions')).toEqual([]);

    fireEvent.change(email, { target: { value: 'known@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suppress' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This address is suppressed already.',
    );

    fireEvent.change(email, { target: { value: ' New.Reader@Example.org ' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Asked by phone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suppress' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Stop bulk mail to an address' })).toBeNull(),
    );
    expect(api.bodies('POST /admin/suppressions').at(-1)).toEqual({
      email: 'new.reader@example.org',
      detail: 'Asked by phone',
    });

    // Opened again, the form is empty.
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    dialog = await screen.findByRole('dialog', { name: 'Stop bulk mail to an address' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('lists unsubscribed addresses with the topics they left, a page at a time', async () => {
    const unsubscribe = (i: number): Unsubscribe => ({
      email: `reader-${i}@example.org`,
      topics: i === 0 ? ['newsletter', 'event-news'] : ['announcements'],
      updatedAt: '2026-03-05T18:30:00.000Z',
    });
    const api = stubApi({
      'GET /admin/unsubscribes': () =>
        json(200, {
          unsubscribes: Array.from({ length: 25 }, (_, i) => unsubscribe(i)),
          pagination: { total: 30, hasMore: true },
        }),
    });
    renderWithProviders(<NoBulkMail />, {
      route: '/admin/communications/addresses?tab=unsubscribed',
    });

    const table = await screen.findByRole('table', { name: 'Unsubscribed addresses' });
    const first = within(table).getByRole('row', { name: /reader-0@example\.org/ });
    const left = within(first).getByRole('list', { name: 'Topics reader-0@example.org left' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Newsletter', 'Event news']);
    expect(within(first).getByText('Mar 5, 2026, 11:30 AM')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 25 of 30 addresses')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(queryOf(api.calls, 'GET /admin/unsubscribes')).toEqual({
        limit: '25',
        offset: '25',
      }),
    );
    fireEvent.change(screen.getByLabelText('Search unsubscribed addresses'), {
      target: { value: 'reader-1' },
    });
    // A new search starts on its first page.
    await waitFor(() =>
      expect(queryOf(api.calls, 'GET /admin/unsubscribes')).toEqual({
        q: 'reader-1',
        limit: '25',
        offset: '0',
      }),
    );
  });
});
