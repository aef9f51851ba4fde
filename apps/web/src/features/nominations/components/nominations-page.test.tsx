import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/test/fake-api';
import { makeLocation, renderWithProviders } from '@/test/render-with-providers';
import { NominationsPage } from './nominations-page';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('NominationsPage', () => {
  it('shows the winners and sends a Customer Service Superstar nomination', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const api = stubApi({
      'POST /site/nominations': () => json(201, { message: 'Thank you for your nomination!' }),
    });
    renderWithProviders(<NominationsPage />, { chamber: { location: makeLocation() } });

    expect(screen.getByRole('heading', { name: '2024 Award Winners' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2024 Business of the Year' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2024 Customer Service Superstar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');

    // Radix tabs switch on mouse down.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Customer Service Superstar' }));
    fill('Person you are nominating', 'Jo Ortega');
    fill('Where do they work? (optional)', 'Redwood Hardware & Supply');
    fill('How did they go above and beyond?', 'Fixed my screen door on a Sunday.');
    fill('Your name', 'Sam Lee');
    fill('Email', 'sam@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Nominate this person' }));

    expect(await screen.findByText('Thank you for your nomination!')).toBeTruthy();
    expect(api.bodies('POST /site/nominations')).toEqual([
      {
        name: 'Sam Lee',
        email: 'sam@example.org',
        phone: '',
        category: 'customer_service',
        nominee: 'Jo Ortega',
        nomineeBusiness: 'Redwood Hardware & Supply',
        message: 'Fixed my screen door on a Sunday.',
        website: '',
        startedAt: 1_700_000_000_000,
      },
    ]);
  });

  it('embeds the chamber survey of a tab when one is configured', () => {
    stubApi({});
    renderWithProviders(<NominationsPage />, {
      chamber: {
        location: makeLocation({ businessOfMonthSurveyUrl: 'https://forms.example.com/botm' }),
      },
    });
    expect(screen.getByTitle('Nominate a Business of the Month survey').getAttribute('src')).toBe(
      'https://forms.example.com/botm',
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Customer Service Superstar' }));
    expect(screen.getByRole('button', { name: 'Nominate this person' })).toBeTruthy();
  });
});
