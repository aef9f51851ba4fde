import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { ContactPage } from './contact-page';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactPage', () => {
  it('shows the office from the chamber record and sends the portal form', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const api = stubApi({
      'POST /site/contact': () =>
        json(201, { message: 'Thank you for your message. We will get back to you soon.' }),
    });
    renderWithProviders(<ContactPage />, { chamber: { location: makeLocation() } });

    expect(screen.getByText('12830 S Redwood Rd')).toBeTruthy();
    expect(screen.getByText('Riverton, UT 84065')).toBeTruthy();
    expect(screen.getByRole('link', { name: '(801) 555-0142' }).getAttribute('href')).toBe(
      'tel:8015550142',
    );
    expect(screen.getByRole('link', { name: /Follow us on social media/ })).toBeTruthy();
    const map = screen.getByTitle(/^Map of the chamber office/);
    expect(map.getAttribute('src')).toContain('z=12');
    expect(map.getAttribute('loading')).toBe('lazy');

    fill('Your name', 'Dana Whitfield');
    fill('Email', 'dana@example.org');
    fill('How can we help?', 'Do you have a booth left at the Fall Festival?');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Thank you for your message. We will get back to you soon.'),
    ).toBeTruthy();
    expect(api.bodies('POST /site/contact')).toEqual([
      {
        name: 'Dana Whitfield',
        email: 'dana@example.org',
        phone: '',
        message: 'Do you have a booth left at the Fall Festival?',
        website: '',
        startedAt: 1_700_000_000_000,
      },
    ]);
    // The success view takes the focus and offers a fresh form.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('status'));
    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('');
  });

  it("checks the fields and shows the server's refusal", async () => {
    stubApi({
      'POST /site/contact': () =>
        json(429, {
          error: 'too_many_requests',
          message: 'Thank you, we have your messages. Please try again later.',
        }),
    });
    renderWithProviders(<ContactPage />, { chamber: { location: makeLocation() } });

    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your name is required')).toBeTruthy();
    expect(screen.getByText('A message is required')).toBeTruthy();

    fill('Your name', 'Dana Whitfield');
    fill('Email', 'dana@example.org');
    fill('How can we help?', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Thank you, we have your messages. Please try again later.'),
    ).toBeTruthy();
  });

  it('embeds the chamber contact form at 1353 px when one is configured', () => {
    stubApi({});
    renderWithProviders(<ContactPage />, {
      chamber: {
        location: makeLocation({
          contactFormUrl: 'https://forms.example.com/contact',
          formEmbedScriptUrl: 'https://forms.example.com/embed.js',
        }),
      },
    });
    const frame = screen.getByTitle('Contact form');
    expect(frame.getAttribute('src')).toBe('https://forms.example.com/contact');
    expect(frame.getAttribute('height')).toBe('1353');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    expect(
      document.querySelectorAll('script[src="https://forms.example.com/embed.js"]'),
    ).toHaveLength(1);
  });
});
