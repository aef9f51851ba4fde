import type { Campaign } from '@chamber/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/test/calendar-events';
import { json, makePlans, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { CampaignDetail } from './campaign-detail';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const id = '22222222-2222-4222-8222-222222222222';
const eventId = '33333333-3333-4333-8333-333333333333';
const counts = (over: Partial<Campaign['counts']> = {}): Campaign['counts'] => ({
  queued: 0,
  sending: 0,
  sent: 0,
  bounced: 0,
  failed: 0,
  unsubscribed: 0,
  cancelled: 0,
  total: 0,
  ...over,
});
const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id,
  subject: 'Spring newsletter',
  topic: 'newsletter',
  state: 'draft',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  public: false,
  slug: 'spring-newsletter-22222222',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  content: '<h2>Hello</h2><p>Spring is here.</p>',
  audience: {
    segments: [{ kind: 'members', planIds: [], states: ['active', 'grace'], role: 'all' }],
  },
  counts: counts(),
  trackClicks: false,
  links: [],
  opens: null,
  ...over,
});

function stub(current: () => Campaign, previewCount = 0) {
  return stubApi({
    [`GET /admin/campaigns/${id}`]: () => json(200, current()),
    'GET /membership-plans': () => json(200, { plans: makePlans(), staffApproveNewMembers: false }),
    'GET /calendars/cal-1/events': () => json(200, { events: [], truncated: false }),
    'GET /admin/audiences/preview': () => json(200, { count: previewCount, sample: [] }),
  });
}

/** The audience (JSON) of the preview being answered: the fetch called last. */
const askedAudience = () =>
  new URL(String(vi.mocked(fetch).mock.calls.at(-1)![0]), 'http://x').searchParams.get('audience')!;

describe('CampaignDetail', () => {
  it('builds an audience, counts it live, saves it as JSON and sends after a confirm', async () => {
    let current = campaign();
    const previews: string[] = [];
    const api = stubApi({
      [`GET /admin/campaigns/${id}`]: () => json(200, current),
      'GET /membership-plans': () =>
        json(200, { plans: makePlans(), staffApproveNewMembers: false }),
      'GET /calendars/cal-1/events': () =>
        json(200, {
          events: [makeEvent({ id: eventId, title: 'Spring Mixer' })],
          truncated: false,
        }),
      // The count follows the audience asked about: members 3, with registrants 4.
      'GET /admin/audiences/preview': () => {
        const audience = askedAudience();
        previews.push(audience);
        return json(200, {
          count: audience.includes('registrants') ? 4 : 3,
          sample: [{ name: 'Maria Lopez', email: 'maria@example.org' }],
        });
      },
      [`PUT /admin/campaigns/${id}`]: (body) => {
        current = { ...current, audience: (body as Campaign).audience };
        return json(200, current);
      },
      [`POST /admin/campaigns/${id}/send`]: () => {
        current = { ...current, state: 'sending', counts: counts({ queued: 4, total: 4 }) };
        return json(200, current);
      },
    });
    renderWithProviders(<CampaignDetail id={id} />);

    expect(await screen.findByText('3 recipients')).toBeTruthy();
    expect(
      screen.getByText('Unsubscribed and suppressed addresses and duplicates are removed.'),
    ).toBeTruthy();
    expect(screen.getByText(/Among them: Maria Lopez/)).toBeTruthy();
    for (const link of screen.getAllByRole('link', { name: 'Edit message' })) {
      expect(link.getAttribute('href')).toBe(`/admin/communications/${id}/edit`);
    }

    // Registrants of an event: the count changes; Send waits for the save.
    fireEvent.click(screen.getByRole('button', { name: 'Add event registrants' }));
    expect(await screen.findByText('Choose the event or series.')).toBeTruthy();
    const picker = await screen.findByLabelText('Event or series');
    await within(picker).findByRole('option', { name: /Spring Mixer/ });
    fireEvent.change(picker, { target: { value: eventId } });
    expect(await screen.findByText('4 recipients')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send now…' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Save the audience before sending.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save audience' }));
    await waitFor(() => expect(api.bodies(`PUT /admin/campaigns/${id}`)).toHaveLength(1));
    expect(api.bodies(`PUT /admin/campaigns/${id}`)[0]).toEqual({
      subject: 'Spring newsletter',
      content: '<h2>Hello</h2><p>Spring is here.</p>',
      topic: 'newsletter',
      public: false,
      audience: {
        segments: [
          { kind: 'members', planIds: [], states: ['active', 'grace'], role: 'all' },
          { kind: 'registrants', eventId },
        ],
      },
    });
    expect(previews.at(-1)).toContain(eventId);

    const send = await screen.findByRole('button', { name: 'Send now…' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/goes to 4 recipients/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 4 recipients' }));
    await waitFor(() => expect(api.bodies(`POST /admin/campaigns/${id}/send`)).toEqual([{}]));
    // Sending: progress, Pause and Cancel; no Send, no Resume, no edit.
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send now/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit message' })).toBeNull();
  });

  it('does not send an audience that reaches nobody', async () => {
    stub(() => campaign(), 0);
    renderWithProviders(<CampaignDetail id={id} />);
    expect(await screen.findByText('0 recipients')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send now…' })).toHaveProperty('disabled', true);
    expect(
      screen.getByText('This audience reaches nobody: there is no one to send it to.'),
    ).toBeTruthy();
  });

  it('shows the 422 of a send whose audience emptied meanwhile', async () => {
    stubApi({
      [`GET /admin/campaigns/${id}`]: () => json(200, campaign()),
      'GET /membership-plans': () =>
        json(200, { plans: makePlans(), staffApproveNewMembers: false }),
      'GET /calendars/cal-1/events': () => json(200, { events: [], truncated: false }),
      'GET /admin/audiences/preview': () => json(200, { count: 2, sample: [] }),
      [`POST /admin/campaigns/${id}/send`]: () =>
        json(422, {
          error: 'audience_empty',
          message:
            'This audience reaches nobody (after unsubscribed and suppressed addresses are left out).',
        }),
    });
    renderWithProviders(<CampaignDetail id={id} />);
    const send = await screen.findByRole('button', { name: 'Send now…' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Send to 2 recipients',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This audience reaches nobody (after unsubscribed and suppressed addresses are left out).',
    );
  });

  it('offers Resume and Cancel while paused, and only the report once sent', async () => {
    const current = campaign({
      state: 'paused',
      startedAt: '2026-03-02T10:00:00.000Z',
      counts: counts({ queued: 6, sent: 3, bounced: 1, total: 10 }),
    });
    stub(() => current);
    renderWithProviders(<CampaignDetail id={id} />);
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    expect(bar.getAttribute('aria-valuemax')).toBe('10');
    expect(screen.getByText('3 of 10 sent (4 handled)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel…' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    // The audience is read-only once the send started.
    expect(screen.queryByRole('button', { name: 'Save audience' })).toBeNull();
    expect(screen.getByText(/Members \(active, in grace; every plan\)/)).toBeTruthy();
  });

  it('shows a sent campaign’s counts as its report, with no actions', async () => {
    stub(() =>
      campaign({
        state: 'sent',
        startedAt: '2026-03-02T10:00:00.000Z',
        finishedAt: '2026-03-02T10:05:00.000Z',
        counts: counts({ sent: 8, bounced: 1, unsubscribed: 1, total: 10 }),
      }),
    );
    renderWithProviders(<CampaignDetail id={id} />);
    expect(await screen.findByRole('heading', { name: 'Report' })).toBeTruthy();
    const table = screen.getByLabelText('Recipients by state');
    expect(within(table).getByText('Sent').nextSibling?.textContent).toBe('8');
    expect(within(table).getByText('Bounced').nextSibling?.textContent).toBe('1');
    expect(screen.queryByRole('progressbar')).toBeNull();
    for (const name of ['Pause', 'Resume', 'Cancel…', 'Send now…']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('puts a sent message in the public archive with only `public` changed', async () => {
    let current = campaign({
      state: 'sent',
      startedAt: '2026-03-02T10:00:00.000Z',
      finishedAt: '2026-03-02T10:05:00.000Z',
      counts: counts({ sent: 2, total: 2 }),
    });
    const api = stubApi({
      [`GET /admin/campaigns/${id}`]: () => json(200, current),
      [`PUT /admin/campaigns/${id}`]: () => {
        current = { ...current, public: true };
        return json(200, current);
      },
      'GET /membership-plans': () =>
        json(200, { plans: makePlans(), staffApproveNewMembers: false }),
      'GET /calendars/cal-1/events': () => json(200, { events: [], truncated: false }),
      'GET /admin/audiences/preview': () => json(200, { count: 0, sample: [] }),
    });
    renderWithProviders(<CampaignDetail id={id} />);
    expect(await screen.findByText('Only its recipients see it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show in the public news archive' }));
    expect(
      await screen.findByRole('link', { name: '/news/spring-newsletter-22222222' }),
    ).toBeTruthy();
    const [body] = api.bodies(`PUT /admin/campaigns/${id}`) as Record<string, unknown>[];
    expect(body).toMatchObject({
      subject: 'Spring newsletter',
      content: current.content,
      topic: 'newsletter',
      public: true,
    });
  });

  it('reports clicks per link and opens when they were counted', async () => {
    stub(() =>
      campaign({
        state: 'sent',
        startedAt: '2026-03-02T10:00:00.000Z',
        finishedAt: '2026-03-02T10:05:00.000Z',
        counts: counts({ sent: 8, total: 8 }),
        trackClicks: true,
        links: [
          { url: 'https://example.org/spring?a=1&b=2', clicks: 5, uniqueClicks: 3 },
          { url: 'https://tickets.example.org/', clicks: 0, uniqueClicks: 0 },
        ],
        opens: 4,
      }),
    );
    renderWithProviders(<CampaignDetail id={id} />);
    const report = await screen.findByRole('region', { name: 'Clicks and opens' });
    expect(within(report).getByText(/Opened by 4 recipients of 8 sent to/)).toBeTruthy();
    const table = within(report).getByRole('table', { name: 'Clicks per link' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'https://example.org/spring?a=1&b=253',
      'https://tickets.example.org/00',
    ]);
    const first = within(rows[0]!).getByRole('rowheader');
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      'https://example.org/spring?a=1&b=2',
    );
    expect(within(table).getByRole('columnheader', { name: 'People' })).toBeTruthy();
  });

  it('says so when neither clicks nor opens were counted', async () => {
    stub(() =>
      campaign({
        state: 'sent',
        startedAt: '2026-03-02T10:00:00.000Z',
        finishedAt: '2026-03-02T10:05:00.000Z',
        counts: counts({ sent: 2, total: 2 }),
      }),
    );
    renderWithProviders(<CampaignDetail id={id} />);
    const report = await screen.findByRole('region', { name: 'Clicks and opens' });
    expect(within(report).getByText(/Opens are not counted/)).toBeTruthy();
    expect(within(report).getByText(/Clicks are not counted/)).toBeTruthy();
    expect(within(report).queryByRole('table')).toBeNull();
  });

  it('shows no report before the send starts', async () => {
    stub(() => campaign());
    renderWithProviders(<CampaignDetail id={id} />);
    expect(await screen.findByRole('heading', { name: 'Audience' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Clicks and opens' })).toBeNull();
  });
});
