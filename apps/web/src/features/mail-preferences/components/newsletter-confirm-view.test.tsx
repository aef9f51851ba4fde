import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CHECK_INBOX } from '@/components/newsletter/newsletter-signup';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import {
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_LINK_INVALID,
  NewsletterConfirmView,
} from './newsletter-confirm-view';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);

describe('NewsletterConfirmView', () => {
  it("confirms the link's sign-up once and says so", async () => {
    const api = stubApi({ 'POST /newsletter/confirm': () => json(200, { confirmed: true }) });
    renderWithProviders(<NewsletterConfirmView token={TOKEN} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NEWSLETTER_CONFIRMED));
    expect(api.bodies('POST /newsletter/confirm')).toEqual([{ token: TOKEN }]);
  });

  it('says a used or forged link is not valid and offers the sign-up again', async () => {
    const api = stubApi({
      'POST /newsletter/confirm': () => json(200, { confirmed: false }),
      'POST /newsletter/subscribe': () => json(202, { ok: true }),
    });
    renderWithProviders(<NewsletterConfirmView token={TOKEN} />);
    expect(await screen.findByText(NEWSLETTER_LINK_INVALID)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reader@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER_CHECK_INBOX);
    expect(api.bodies('POST /newsletter/subscribe')).toEqual([{ email: 'reader@example.org' }]);
  });

  it('asks nothing of the server for a link without a token', async () => {
    const api = stubApi({});
    renderWithProviders(<NewsletterConfirmView token={null} />);
    expect(await screen.findByText(NEWSLETTER_LINK_INVALID)).toBeTruthy();
    expect(api.calls.filter((c) => c.route.startsWith('POST'))).toEqual([]);
  });
});
