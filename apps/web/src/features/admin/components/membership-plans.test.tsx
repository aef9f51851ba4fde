import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { json, makePlans, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MembershipPlans } from './membership-plans';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const enhancedId = '00000000-0000-4000-8000-000000000002';

describe('Admin → Membership plans', () => {
  it("saves a plan's new price in cents and shows what the server stored", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    let plans = makePlans();
    const api = stubApi({
      'GET /membership-plans': () => json(200, { plans }),
      [`PUT /admin/membership-plans/${enhancedId}`]: (body) => {
        plans = makePlans({ enhanced: body as object });
        return json(200, { plan: plans[1] });
      },
    });
    renderWithProviders(<MembershipPlans />);
    const card = await screen.findByRole('form', { name: 'Enhanced plan' });
    // What taking a plan off sale does, said where it is done.
    expect(
      within(card)
        .getByRole('checkbox', { name: 'Offered to new members' })
        .getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(
      within(card).getByText(
        'When off, nobody can join this plan or upgrade or change to it, and staff move a member onto it only with an override and a reason; members already on it keep renewing on it.',
      ),
    ).toBeTruthy();
    const price = within(card).getByLabelText('Yearly price (USD)*') as HTMLInputElement;
    expect(price.value).toBe('550.00');
    fireEvent.change(price, { target: { value: '612.50' } });
    fireEvent.change(within(card).getByLabelText('Benefits'), {
      target: { value: 'Website link in your directory listing\n\nTwo luncheon tickets' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Enhanced' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Enhanced saved: $612.50 a year'));
    expect(api.bodies(`PUT /admin/membership-plans/${enhancedId}`)).toEqual([
      {
        name: 'Enhanced',
        description: plans[1]!.description,
        priceCents: 61_250,
        benefits: ['Website link in your directory listing', 'Two luncheon tickets'],
        highlights: plans[1]!.highlights,
        available: true,
        featured: true,
        ticketBenefits: [],
      },
    ]);
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('form', { name: 'Enhanced plan' })).getByLabelText(
            'Yearly price (USD)*',
          ) as HTMLInputElement
        ).value,
      ).toBe('612.50'),
    );
  });

  it('adds a ticket benefit in plain words and sends it as the contract has it', async () => {
    let plans = makePlans();
    const api = stubApi({
      'GET /membership-plans': () => json(200, { plans }),
      [`PUT /admin/membership-plans/${enhancedId}`]: (body) => {
        plans = makePlans({ enhanced: body as object });
        return json(200, { plan: plans[1] });
      },
    });
    renderWithProviders(<MembershipPlans />);
    const card = await screen.findByRole('form', { name: 'Enhanced plan' });
    expect(within(card).getByText('No ticket benefits.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Add a ticket benefit to Enhanced' }));
    fireEvent.change(within(card).getByLabelText('Benefit'), {
      target: { value: 'fixed_price' },
    });
    fireEvent.change(within(card).getByLabelText('What members read*'), {
      target: { value: 'Fall Festival booth for $30' },
    });
    fireEvent.change(within(card).getByLabelText('Each'), { target: { value: 'year' } });
    fireEvent.change(within(card).getByLabelText('Events whose title holds'), {
      target: { value: 'Fall Festival' },
    });
    fireEvent.change(within(card).getByLabelText('Only ticket types whose name holds'), {
      target: { value: 'booth' },
    });
    // A set price needs its price: refused on the field, nothing sent.
    fireEvent.click(within(card).getByRole('button', { name: 'Save Enhanced' }));
    expect(await within(card).findByText('Give the price')).toBeTruthy();
    expect(api.calls.filter((c) => c.route.startsWith('PUT'))).toEqual([]);

    fireEvent.change(within(card).getByLabelText('Price of a ticket (USD)*'), {
      target: { value: '30' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Enhanced' }));
    await waitFor(() =>
      expect(api.bodies(`PUT /admin/membership-plans/${enhancedId}`)).toHaveLength(1),
    );
    const [body] = api.bodies(`PUT /admin/membership-plans/${enhancedId}`) as {
      ticketBenefits: unknown[];
    }[];
    expect(body!.ticketBenefits).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'fixed_price',
        label: 'Fall Festival booth for $30',
        count: 1,
        period: 'year',
        eventId: null,
        eventTag: 'Fall Festival',
        excludedEventIds: [],
        ticketTypeId: null,
        ticketTypeName: 'booth',
        priceCents: 3_000,
        until: null,
      },
    ]);
  });

  it('refuses a price that is not an amount, sending nothing', async () => {
    const api = stubApi({});
    renderWithProviders(<MembershipPlans />);
    const card = await screen.findByRole('form', { name: 'Elite plan' });
    fireEvent.change(within(card).getByLabelText('Yearly price (USD)*'), {
      target: { value: '-900' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Elite' }));
    expect(
      await within(card).findByText('Enter the yearly price in dollars, e.g. 550 or 550.00'),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.route.startsWith('PUT'))).toEqual([]);
  });
});
