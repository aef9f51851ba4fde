import { membershipQuoteSchema, myMembershipSchema } from '@chamber/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveSite } from '@/lib/leave-site';
import { json, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { MyMembershipView } from './my-membership';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const enhanced = {
  id: '00000000-0000-4000-8000-000000000002',
  level: 'enhanced',
  name: 'Enhanced',
  slug: 'enhanced',
  priceCents: 55_000,
};
const elite = {
  ...enhanced,
  id: '00000000-0000-4000-8000-000000000003',
  level: 'elite',
  name: 'Elite',
  slug: 'elite',
  priceCents: 90_000,
};

const mine = myMembershipSchema.parse({
  membership: {
    id: 'm-1',
    contactId: 'c-1',
    businessName: 'Copperleaf Coffee House',
    contactName: 'Ana Ruiz',
    email: 'ana@copperleaf.example',
    plan: enhanced,
    nextPlan: null,
    status: 'active',
    paymentStatus: 'paid',
    startedOn: '2026-03-10',
    paidThrough: '2027-03-09',
    graceEndsOn: '2027-04-08',
    autoRenew: false,
    card: null,
    awaitingApproval: false,
  },
  currency: 'USD',
  openInvoices: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      number: '2026-0007',
      purpose: 'membership_upgrade',
      status: 'open',
      totalCents: 17_753,
      currency: 'USD',
      issuedOn: '2026-09-01',
      dueOn: '2026-10-01',
    },
  ],
  may: { renew: true, upgradeTo: [elite], downgradeTo: [], setAutoRenew: true },
  renewal: { plan: enhanced, amountCents: 55_000 },
  nextCharge: null,
  history: [],
  howToPay: {
    payee: 'Riverton Area Chamber of Commerce',
    mailingAddress: 'PO Box 12\nRiverton, UT 84065',
    bankDetails: '',
    note: '',
    contact: '(801) 555-0100, info@rivertonchamber.example',
  },
});

describe('My membership', () => {
  it('shows the plan, standing, paid-through date and the invoice to pay online', async () => {
    const assign = vi.spyOn(leaveSite, 'to').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /membership': () => json(200, mine),
      'GET /payments/options': () => json(200, { online: true, offlineMethods: ['check'] }),
      'POST /payments/checkout': () => json(200, { url: 'https://checkout.stripe.test/c/1' }),
    });
    renderWithProviders(<MyMembershipView />);
    expect(await screen.findByText('Enhanced membership')).toBeTruthy();
    // Under the page's h1 the sections are h2s, the membership as the invoices (no skipped level).
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Enhanced membershipActive',
      'Invoices to pay',
      'Invoices and receipts',
    ]);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('March 9, 2027')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Renew now ($550.00)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Elite' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $177.53 online' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
    expect(api.bodies('POST /payments/checkout')).toEqual([
      { invoiceId: '00000000-0000-4000-8000-0000000000a1' },
    ]);
  });

  it('confirms automatic renewal turned on with the next charge, its day and card', async () => {
    const on = myMembershipSchema.parse({
      ...mine,
      membership: { ...mine.membership, autoRenew: true, card: { brand: 'visa', last4: '4242' } },
      nextCharge: {
        amountCents: 55_000,
        currency: 'USD',
        on: '2027-10-23',
        card: { brand: 'visa', last4: '4242' },
      },
    });
    let current = mine;
    const api = stubApi({
      'GET /membership': () => json(200, current),
      'GET /payments/options': () => json(200, { online: true, offlineMethods: ['check'] }),
      'PUT /payments/auto-renew': () => {
        current = on;
        return json(200, { autoRenew: true, url: null, nextCharge: on.nextCharge });
      },
    });
    renderWithProviders(<MyMembershipView />);
    fireEvent.click(await screen.findByLabelText(/Renew automatically/));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Automatic renewal is on. Next charge $550.00 on 23 October 2027 to Visa •••• 4242.',
      ),
    );
    expect(api.bodies('PUT /payments/auto-renew')).toEqual([{ on: true }]);
  });

  it('without card payments, says how to pay the invoice and offers no automatic renewal', async () => {
    stubApi({
      'GET /membership': () => json(200, mine),
      'GET /payments/options': () => json(200, { online: false, offlineMethods: ['check'] }),
    });
    renderWithProviders(<MyMembershipView />);
    const how = await screen.findByRole('region', { name: 'How to pay invoice 2026-0007' });
    expect(within(how).getByText('Checks payable to').nextSibling?.textContent).toBe(
      'Riverton Area Chamber of Commerce',
    );
    expect(within(how).getByText('Mail checks to').nextSibling?.textContent).toBe(
      'PO Box 12\nRiverton, UT 84065',
    );
    expect(within(how).getByText('Invoice 2026-0007')).toBeTruthy();
    expect(within(how).queryByText('Bank transfer')).toBeNull();
    expect(screen.queryByRole('button', { name: /online/ })).toBeNull();
    expect(screen.queryByLabelText(/Renew automatically/)).toBeNull();
  });

  it('with no payment details set, says how to reach the chamber rather than nothing', async () => {
    const none = { payee: '', mailingAddress: '', bankDetails: '', note: '' };
    stubApi({
      'GET /membership': () => json(200, { ...mine, howToPay: { ...mine.howToPay, ...none } }),
      'GET /payments/options': () => json(200, { online: false, offlineMethods: ['check'] }),
    });
    renderWithProviders(<MyMembershipView />);
    const how = await screen.findByRole('region', { name: 'How to pay invoice 2026-0007' });
    expect(within(how).getByText('To pay').nextSibling?.textContent).toBe(
      'Contact the chamber to arrange payment: (801) 555-0100, info@rivertonchamber.example.',
    );
  });

  it("shows an upgrade's price before billing it, and makes the invoice only on confirming", async () => {
    const quote = membershipQuoteSchema.parse({
      change: 'upgrade',
      currency: 'USD',
      today: '2027-02-17',
      fromPlan: enhanced,
      toPlan: elite,
      paidThrough: '2027-03-09',
      daysLeft: 21,
      fromDailyCents: 55_000 / 365,
      toDailyCents: 90_000 / 365,
      lines: [
        {
          startsOn: '2027-02-17',
          endsOn: '2027-03-09',
          days: 365,
          daysCharged: 21,
          amountCents: 2014,
        },
      ],
      totalCents: 2014,
      takesEffectOn: '2027-02-17',
      paidThroughAfter: '2027-03-09',
    });
    const api = stubApi({
      'GET /membership': () => json(200, { ...mine, openInvoices: [] }),
      'GET /payments/options': () => json(200, { online: true, offlineMethods: ['check'] }),
      'GET /membership/quote': () => json(200, quote),
      'POST /membership/plan': () => json(200, { membership: mine.membership, invoice: null }),
    });
    renderWithProviders(<MyMembershipView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Elite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Elite' });
    expect(await within(dialog).findByText('21 days')).toBeTruthy();
    expect(within(dialog).getByText('$1.51 a day')).toBeTruthy();
    expect(within(dialog).getByText('$2.47 a day')).toBeTruthy();
    expect(within(dialog).getByText('21 of 365 days × $350.00 a year')).toBeTruthy();
    expect(within(dialog).getByText(/You move to Elite the day the invoice is paid/)).toBeTruthy();
    expect(api.bodies('POST /membership/plan')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm upgrade — $20.14' }));
    await waitFor(() =>
      expect(api.bodies('POST /membership/plan')).toEqual([{ planId: elite.id }]),
    );
  });
});
