import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { LINK_REQUESTED, PreferencePage, TRANSACTIONAL_NOTE } from './preference-page';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'u1.bWFyaWFAZXhhbXBsZS5vcmc.newsletter.sig';
const state = (
  optedOut: Partial<Record<'newsletter' | 'announcements' | 'event-news', boolean>>,
) => ({
  valid: true,
  email: 'maria@example.org',
  topic: 'newsletter',
  optedOut: { newsletter: false, announcements: false, 'event-news': false, ...optedOut },
});

describe('PreferencePage', () => {
  it("shows the link's address and topics, and leaves its topic in one click", async () => {
    const api = stubApi({
      [`GET /unsubscribe/${TOKEN}`]: () => json(200, state({ announcements: true })),
      [`POST /unsubscribe/${TOKEN}`]: () =>
        json(200, state({ newsletter: true, announcements: true })),
    });
    renderWithProviders(<PreferencePage token={TOKEN} />);
    expect(await screen.findByText('maria@example.org')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Newsletter' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(
      screen.getByRole('checkbox', { name: 'Announcements' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByText(TRANSACTIONAL_NOTE)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from newsletter' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'You are unsubscribed from newsletter. No more newsletter mail will reach this address.',
    );
    expect(api.calls.map((c) => c.route)).toContain(`POST /unsubscribe/${TOKEN}`);
    expect(screen.queryByRole('button', { name: /^Unsubscribe/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Newsletter' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('saves the topics as ticked, subscribing again to one left before', async () => {
    const api = stubApi({
      [`GET /unsubscribe/${TOKEN}`]: () => json(200, state({ newsletter: true })),
      [`PUT /unsubscribe/${TOKEN}/preferences`]: () => json(200, state({ 'event-news': true })),
    });
    renderWithProviders(<PreferencePage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Newsletter' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Event news' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your preferences are saved.')).toBeTruthy();
    expect(api.bodies(`PUT /unsubscribe/${TOKEN}/preferences`)).toEqual([
      { topics: { newsletter: true, announcements: true, 'event-news': false } },
    ]);
    // The one click is back for the topic received again.
    expect(screen.getByRole('button', { name: 'Unsubscribe from newsletter' })).toBeTruthy();
  });

  it('asks a forged or expired link for the address, showing nobody’s preferences', async () => {
    const api = stubApi({
      'GET /unsubscribe/forged': () => json(200, { valid: false }),
      'POST /unsubscribe/request': () => json(202, { ok: true }),
    });
    renderWithProviders(<PreferencePage token="forged" />);
    expect(await screen.findByText(/This link is not valid/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Unsubscribe/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maria@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(LINK_REQUESTED);
    expect(api.bodies('POST /unsubscribe/request')).toEqual([{ email: 'maria@example.org' }]);
  });

  it("shows the server's refusal of the address request inline", async () => {
    stubApi({
      'GET /unsubscribe/forged': () => json(200, { valid: false }),
      'POST /unsubscribe/request': () =>
        json(429, {
          error: 'too_many_requests',
          message: 'Too many preference links were asked for. Please try again later.',
        }),
    });
    renderWithProviders(<PreferencePage token="forged" />);
    fireEvent.change(await screen.findByLabelText('Email'), {
      target: { value: 'maria@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many preference links were asked for. Please try again later.',
      ),
    );
  });
});
