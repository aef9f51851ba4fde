import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, makePlans, stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { TierPage } from './tier-page';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('TierPage', () => {
  it('lists the level benefits and sends a membership request to staff', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const api = stubApi({
      'POST /site/contact': () =>
        json(201, { message: 'Thank you for your message. We will get back to you soon.' }),
    });
    renderWithProviders(<TierPage tierId="enhanced" />, { chamber: { location: makeLocation() } });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enhanced Membership' }),
    ).toBeTruthy();
    expect(screen.getByText('$550')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enhanced adds' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Everything in Basic' })).toBeTruthy();
    expect(screen.getByText('A yearly feature in the local newspaper')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to About/ }).getAttribute('href')).toBe('/about');

    fill('Business name', 'Copperleaf Coffee House');
    fill('Your name', 'Ana Ruiz');
    fill('Email', 'ana@copperleaf.example');
    fireEvent.click(screen.getByRole('button', { name: 'Request Enhanced membership' }));

    expect(await screen.findByText(/We will confirm your Enhanced membership/)).toBeTruthy();
    expect(api.bodies('POST /site/contact')).toEqual([
      {
        name: 'Ana Ruiz',
        email: 'ana@copperleaf.example',
        phone: '',
        message:
          'Membership request: Enhanced ($550 a year)\nBusiness: Copperleaf Coffee House\n\nNo further notes.',
        website: '',
        startedAt: 1_700_000_000_000,
      },
    ]);
  });

  it("embeds the level's sign-up form with the provider's script when configured", async () => {
    stubApi({});
    renderWithProviders(<TierPage tierId="elite" />, {
      chamber: {
        location: makeLocation({
          eliteSignupUrl: 'https://forms.example.com/elite',
          formEmbedScriptUrl: 'https://forms.example.com/form_embed.js',
        }),
      },
    });
    expect((await screen.findByTitle('Elite membership sign-up form')).getAttribute('src')).toBe(
      'https://forms.example.com/elite',
    );
    expect(screen.queryByRole('button', { name: /Request Elite/ })).toBeNull();
    expect(
      document.querySelector('script[src="https://forms.example.com/form_embed.js"]'),
    ).toBeTruthy();
  });

  it("shows the plan as the chamber edited it: its name, price, benefits and the others' prices", async () => {
    stubApi({
      'GET /membership-plans': () =>
        json(200, {
          plans: makePlans({
            standard: { name: 'Starter', priceCents: 32_500 },
            enhanced: {
              priceCents: 61_250,
              benefits: ['Two luncheon tickets a month'],
              description: 'More lunches.',
            },
          }),
        }),
    });
    renderWithProviders(<TierPage tierId="enhanced" />, { chamber: { location: makeLocation() } });
    expect(await screen.findByText('$612.50')).toBeTruthy();
    expect(screen.getByText('More lunches.')).toBeTruthy();
    expect(screen.getByText('Two luncheon tickets a month')).toBeTruthy();
    expect(screen.queryByText('A yearly feature in the local newspaper')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Everything in Starter' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Starter ($325)' }).getAttribute('href')).toBe(
      '/basic-membership',
    );
  });
});
