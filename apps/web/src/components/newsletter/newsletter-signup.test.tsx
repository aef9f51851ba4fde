import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  NEWSLETTER_BAD_ADDRESS,
  NEWSLETTER_CHECK_INBOX,
  NewsletterSignup,
} from './newsletter-signup';

afterEach(() => vi.unstubAllGlobals());

describe('NewsletterSignup', () => {
  it('signs an address up and says to check the inbox, the form kept hidden in its place', async () => {
    const api = stubApi({ 'POST /newsletter/subscribe': () => json(202, { ok: true }) });
    renderWithProviders(<NewsletterSignup label="Get our newsletter" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER_CHECK_INBOX);
    expect(api.bodies('POST /newsletter/subscribe')).toEqual([{ email: 'reader@example.org' }]);
    expect(screen.getByRole('form', { hidden: true }).className).toContain('invisible');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the address before sending and shows the server’s refusal inline', async () => {
    const api = stubApi({
      'POST /newsletter/subscribe': () =>
        json(429, {
          error: 'too_many_requests',
          message: 'Too many sign-ups from here. Please try again later.',
        }),
    });
    renderWithProviders(<NewsletterSignup label="Get our newsletter" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByRole('alert').textContent).toBe(NEWSLETTER_BAD_ADDRESS);
    expect(api.calls.filter((c) => c.route.startsWith('POST'))).toEqual([]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many sign-ups from here. Please try again later.',
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
