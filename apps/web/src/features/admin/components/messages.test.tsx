import type { Submission, SubmissionList } from '@chamber/contract';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { Messages } from './messages';

// Slow to render in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lays nothing out; Radix's select scrolls its chosen option into view.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

function makeSubmission(n: number, overrides: Partial<Submission> = {}): Submission {
  return {
    id: `s-${n}`,
    kind: 'contact',
    name: `Sender ${n}`,
    email: `sender${n}@riverton.example`,
    phone: null,
    nominee: null,
    nomineeBusiness: null,
    message: `Message ${n}`,
    mailed: true,
    createdAt: '2026-03-12T21:04:00.000Z',
    ...overrides,
  };
}

const list = (submissions: Submission[], total = submissions.length, offset = 0) =>
  ({
    submissions,
    pagination: { total, hasMore: offset + submissions.length < total },
  }) satisfies SubmissionList;

const firstPage = 'GET /admin/submissions?limit=25&offset=0';

describe('Messages', () => {
  it('shows each message with its form, sender, nominee and text as written', async () => {
    stubApi({
      [firstPage]: () =>
        json(
          200,
          list([
            makeSubmission(1, {
              name: 'Jordan Whitaker',
              email: 'jordan@copperleaf.example',
              phone: '(801) 555-0163',
              message: 'Hello!\n\nCould you host our ribbon cutting?',
            }),
            makeSubmission(2, {
              kind: 'business_of_month',
              nominee: 'Lena Ortiz',
              nomineeBusiness: 'Sweetwater Bakery',
              mailed: false,
            }),
          ]),
        ),
    });
    renderWithProviders(<Messages />);

    const items = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    const first = within(items[0]!);
    expect(first.getByText('Contact message')).toBeTruthy();
    expect(first.getByRole('heading', { name: 'Jordan Whitaker' })).toBeTruthy();
    expect(
      first.getByRole('link', { name: 'jordan@copperleaf.example' }).getAttribute('href'),
    ).toBe('mailto:jordan@copperleaf.example?subject=Your%20message%20to%20RACC');
    expect(first.getByRole('link', { name: '(801) 555-0163' }).getAttribute('href')).toBe(
      'tel:8015550163',
    );
    expect(first.getByText(/Could you host/).textContent).toBe(
      'Hello!\n\nCould you host our ribbon cutting?',
    );
    expect(first.queryByText('Not mailed — reply from here')).toBeNull();
    expect(first.getByText(/2026/).getAttribute('dateTime')).toBe('2026-03-12T21:04:00.000Z');

    const second = within(items[1]!);
    expect(second.getByText('Business of the Month')).toBeTruthy();
    expect(second.getByText('Lena Ortiz, Sweetwater Bakery')).toBeTruthy();
    expect(second.getByText('Not mailed — reply from here')).toBeTruthy();
    // Two messages fit one page: no pager and no 'Showing' text (docs/product.md#screens).
    expect(screen.queryByText(/^Showing /)).toBeNull();
  });

  it('filters by form and pages 25 at a time', async () => {
    const page1 = Array.from({ length: 25 }, (_, i) =>
      makeSubmission(i + 1, { kind: 'customer_service', nominee: 'Ray' }),
    );
    const api = stubApi({
      [firstPage]: () => json(200, list([makeSubmission(1)], 1)),
      'GET /admin/submissions?limit=25&offset=0&kind=customer_service': () =>
        json(200, list(page1, 27)),
      'GET /admin/submissions?limit=25&offset=25&kind=customer_service': () =>
        json(200, list([makeSubmission(26), makeSubmission(27)], 27, 25)),
    });
    renderWithProviders(<Messages />);
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.queryByText(/^Showing /)).toBeNull();

    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(within(show).getByRole('option', { name: 'Customer Service Superstar' })).toBeTruthy();
    fireEvent.change(show, { target: { value: 'customer_service' } });
    expect(await screen.findByText('Showing 1 to 25 of 27 messages')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 26 to 27 of 27 messages')).toBeTruthy();
    expect(api.calls.map((c) => c.route)).toEqual([
      firstPage,
      'GET /admin/submissions?limit=25&offset=0&kind=customer_service',
      'GET /admin/submissions?limit=25&offset=25&kind=customer_service',
    ]);
  });

  it('says when there is nothing to show', async () => {
    stubApi({ [firstPage]: () => json(200, list([])) });
    renderWithProviders(<Messages />);
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubApi({
      [firstPage]: () =>
        fail
          ? json(500, { error: 'internal', message: 'Failed to fetch messages' })
          : json(200, list([makeSubmission(1)])),
    });
    renderWithProviders(<Messages />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch messages');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Sender 1' })).toBeTruthy();
  });
});
