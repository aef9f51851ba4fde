import type { DuesSettings, Invoice, Membership, MembershipDetail } from '@chamber/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePlans, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { Memberships } from './memberships';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const membershipId = '11111111-1111-4111-8111-111111111111';
const contactId = '22222222-2222-4222-8222-222222222222';
const invoiceId = '33333333-3333-4333-8333-333333333333';
const paymentId = '44444444-4444-4444-8444-444444444444';

const enhanced = {
  id: '00000000-0000-4000-8000-000000000002',
  level: 'enhanced' as const,
  name: 'Enhanced',
  slug: 'enhanced',
  priceCents: 55000,
};

function makeMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: membershipId,
    contactId,
    businessName: 'Canyon Bikes',
    contactName: 'Cody Canyon',
    email: 'cody@canyonbikes.example',
    plan: enhanced,
    nextPlan: null,
    status: 'pending',
    paymentStatus: 'pending',
    startedOn: null,
    paidThrough: null,
    graceEndsOn: null,
    autoRenew: false,
    card: null,
    awaitingApproval: false,
    ...overrides,
  };
}

function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: invoiceId,
    number: '2026-0007',
    kind: 'invoice',
    status: 'open',
    purpose: 'membership_join',
    contactId,
    membershipId,
    billTo: { name: 'Cody Canyon', business: 'Canyon Bikes' },
    currency: 'USD',
    totalCents: 55000,
    issuedOn: '2026-11-20',
    dueOn: '2026-12-20',
    paidAt: null,
    voidedAt: null,
    voidReason: null,
    replacesInvoiceId: null,
    creditsInvoiceId: null,
    lines: [
      {
        position: 1,
        description: 'Enhanced membership',
        quantity: 1,
        unitCents: 55000,
        amountCents: 55000,
      },
    ],
    payments: [],
    ...overrides,
  };
}

const paidInvoice = () =>
  makeInvoice({
    status: 'paid',
    paidAt: '2026-11-24T10:00:00.000Z',
    payments: [
      {
        id: paymentId,
        kind: 'payment',
        invoiceId,
        amountCents: 55000,
        currency: 'USD',
        method: 'check',
        reference: '1042',
        receivedOn: '2026-11-24',
        refundOfPaymentId: null,
        creditNoteId: null,
        createdAt: '2026-11-24T10:00:00.000Z',
      },
    ],
  });

const detailOf = (membership: Membership): MembershipDetail => ({
  membership,
  terms: [],
  history: [{ kind: 'joined', at: '2026-11-20T09:00:00.000Z', detail: {} }],
  billingRecipients: [
    {
      id: 'p-1',
      name: 'Ann Owner',
      role: 'primary',
      email: 'ann@owner.example',
      chosen: false,
      receivesInvoices: false,
      receivesDuesNotices: true,
    },
    {
      id: 'p-2',
      name: 'Bo Books',
      role: 'billing',
      email: 'bo@books.example',
      chosen: false,
      receivesInvoices: true,
      receivesDuesNotices: true,
    },
  ],
});

const settings: DuesSettings = {
  currency: 'USD',
  termRule: 'anniversary',
  graceDays: 30,
  reminderDays: [30, 14, 1],
  autoChargeNoticeDays: 7,
  invoiceDueDays: 30,
  staffApproveNewMembers: false,
  lapsedListing: 'hidden',
  payee: 'Riverton Area Chamber of Commerce',
  mailingAddress: '',
  bankDetails: '',
  paymentInstructions: '',
};

const list = (memberships: Membership[]) =>
  json(200, { memberships, pagination: { total: memberships.length, hasMore: false } });

afterEach(() => vi.restoreAllMocks());

/** The fake server: one membership whose open join invoice a check pays. */
function chamberWithOneInvoice() {
  let membership = makeMembership();
  let invoices = [makeInvoice()];
  const api = stubApi({
    'GET /admin/memberships': () => list([membership]),
    [`GET /admin/memberships/${membershipId}`]: () => json(200, detailOf(membership)),
    [`GET /admin/invoices?contactId=${contactId}&limit=100`]: () =>
      json(200, { invoices, total: invoices.length }),
    'GET /admin/membership-settings': () => json(200, settings),
    'GET /payments/options': () => json(200, { online: false, offlineMethods: ['check', 'cash'] }),
    [`POST /admin/invoices/${invoiceId}/payments`]: () => {
      membership = makeMembership({
        status: 'active',
        paymentStatus: 'paid',
        startedOn: '2026-11-24',
        paidThrough: '2027-11-23',
      });
      invoices = [paidInvoice()];
      return json(201, { invoice: invoices[0], payment: invoices[0]!.payments[0] });
    },
  });
  return api;
}

async function openCanyonBikes() {
  const cards = await screen.findByRole('list', { name: 'Memberships: Due this month' });
  fireEvent.click(within(cards).getByRole('button', { name: 'Manage Canyon Bikes' }));
  return screen.findByRole('dialog', { name: 'Canyon Bikes' });
}

describe('Admin → Memberships', () => {
  it('dates a recorded payment today where the chamber is, not where the browser is', async () => {
    // 03:00 on 25 November in UTC is still the evening of the 24th in Denver, the chamber's
    // zone; the server refuses a payment received after its today there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T03:00:00Z'));
    try {
      chamberWithOneInvoice();
      renderWithProviders(<Memberships />);
      const detail = await openCanyonBikes();
      const invoice = await within(detail).findByRole('article', { name: 'Invoice 2026-0007' });
      fireEvent.click(within(invoice).getByRole('button', { name: 'Record payment' }));
      const record = await screen.findByRole('dialog', {
        name: 'Record a payment for invoice 2026-0007',
      });
      expect((within(record).getByLabelText('Received on') as HTMLInputElement).value).toBe(
        '2026-11-24',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a check for the open join invoice, then shows the membership paid and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const api = chamberWithOneInvoice();
    renderWithProviders(<Memberships />);

    const detail = await openCanyonBikes();
    const invoice = await within(detail).findByRole('article', { name: 'Invoice 2026-0007' });
    expect(within(invoice).getByText('$550.00')).toBeTruthy();
    // Who of the business receives its invoices and dues notices.
    const recipients = within(detail).getByRole('list', { name: 'Who receives invoices' });
    expect(
      within(recipients)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ann Owner (Primary contact)ann@owner.example: dues notices',
      'Bo Books (Billing)bo@books.example: invoices and receipts, dues notices',
    ]);
    fireEvent.click(within(invoice).getByRole('button', { name: 'Record payment' }));

    const record = await screen.findByRole('dialog', {
      name: 'Record a payment for invoice 2026-0007',
    });
    // A check needs its number before anything is sent.
    fireEvent.click(within(record).getByRole('button', { name: 'Record $550.00' }));
    expect(await within(record).findByText('Enter the check number')).toBeTruthy();
    expect(api.bodies(`POST /admin/invoices/${invoiceId}/payments`)).toEqual([]);

    fireEvent.change(within(record).getByLabelText('Check number'), { target: { value: '1042' } });
    fireEvent.change(within(record).getByLabelText('Received on'), {
      target: { value: '2026-11-24' },
    });
    fireEvent.click(within(record).getByRole('button', { name: 'Record $550.00' }));

    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Payment of $550.00 recorded for invoice 2026-0007'),
    );
    expect(api.bodies(`POST /admin/invoices/${invoiceId}/payments`)).toEqual([
      { amountCents: 55000, method: 'check', reference: '1042', receivedOn: '2026-11-24' },
    ]);
    // The detail, the invoice and the list are read again: the membership is active and paid.
    const paid = await within(detail).findByRole('article', { name: 'Invoice 2026-0007' });
    await within(paid).findByText('Paid');
    expect(within(paid).getByText(/Payment \$550\.00 · Check 1042/)).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(within(detail).getByText('Active')).toBeTruthy();
    expect(
      api.calls.filter((c) => c.route.startsWith('GET /admin/memberships?')).length,
    ).toBeGreaterThan(1);
  });

  it("shows the server's sentence when it refuses a refund, and keeps the dialog open", async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const refused = 'Of the $550.00 paid, $100.00 is left to refund; $200.00 is more than that.';
    const api = stubApi({
      'GET /admin/memberships': () => list([makeMembership({ status: 'active' })]),
      [`GET /admin/memberships/${membershipId}`]: () =>
        json(200, detailOf(makeMembership({ status: 'active' }))),
      [`GET /admin/invoices?contactId=${contactId}&limit=100`]: () =>
        json(200, { invoices: [paidInvoice()], total: 1 }),
      'GET /admin/membership-settings': () => json(200, settings),
      'GET /payments/options': () => json(200, { online: false, offlineMethods: ['check'] }),
      [`POST /admin/payments/${paymentId}/refunds`]: () =>
        json(422, { error: 'refund_too_large', message: refused }),
    });
    renderWithProviders(<Memberships />);
    const detail = await openCanyonBikes();
    const invoice = await within(detail).findByRole('article', { name: 'Invoice 2026-0007' });
    fireEvent.click(within(invoice).getByRole('button', { name: 'Refund' }));
    const refund = await screen.findByRole('dialog', {
      name: 'Refund a payment of invoice 2026-0007',
    });
    const amount = within(refund).getByLabelText('Amount (USD)') as HTMLInputElement;
    expect(amount.value).toBe('550.00');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.change(within(refund).getByLabelText('Reason'), {
      target: { value: 'Overpaid' },
    });
    fireEvent.click(within(refund).getByRole('button', { name: 'Refund' }));

    expect(await within(refund).findByText(refused)).toBeTruthy();
    expect(failure).toHaveBeenCalledWith(refused);
    expect(api.bodies(`POST /admin/payments/${paymentId}/refunds`)).toEqual([
      { amountCents: 20000, reason: 'Overpaid', online: false, reference: '' },
    ]);
    expect(
      screen.getByRole('dialog', { name: 'Refund a payment of invoice 2026-0007' }),
    ).toBeTruthy();
  });

  it("refuses a plan no longer offered with the server's sentence, and sends staff's override with its reason", async () => {
    const failure = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    const refused =
      'The chamber no longer offers the Elite plan. Members already on it keep it when they renew; choose another plan, or confirm the staff override and give the reason.';
    const active = makeMembership({ status: 'active' });
    const api = stubApi({
      'GET /admin/memberships': () => list([active]),
      [`GET /admin/memberships/${membershipId}`]: () => json(200, detailOf(active)),
      [`GET /admin/invoices?contactId=${contactId}&limit=100`]: () =>
        json(200, { invoices: [], total: 0 }),
      'GET /admin/membership-settings': () => json(200, settings),
      'GET /payments/options': () => json(200, { online: false, offlineMethods: ['check'] }),
      'GET /membership-plans': () =>
        json(200, {
          plans: makePlans({ elite: { available: false } }),
          staffApproveNewMembers: false,
        }),
      [`PUT /admin/memberships/${membershipId}/plan`]: (body) =>
        (body as { overrideNotOffered?: boolean }).overrideNotOffered
          ? json(200, detailOf(active))
          : json(409, { error: 'conflict', message: refused }),
    });
    renderWithProviders(<Memberships />);
    const detail = await openCanyonBikes();
    fireEvent.click(within(detail).getByRole('button', { name: 'Change plan' }));
    const change = await screen.findByRole('dialog', {
      name: 'Change the plan of Canyon Bikes',
    });
    // The list of the select scrolls its chosen item into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => undefined;
    fireEvent.keyDown(within(change).getByLabelText('New plan'), { key: 'Enter' });
    fireEvent.click(
      await screen.findByRole('option', { name: 'Elite ($900.00 a year), no longer offered' }),
    );
    // Said before sending; sent without the override, the server's refusal shows in the dialog.
    expect(within(change).getByText(refused)).toBeTruthy();
    fireEvent.click(within(change).getByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(failure).toHaveBeenCalledWith(refused));
    expect(within(change).getAllByText(refused)).toHaveLength(2);
    expect(api.bodies(`PUT /admin/memberships/${membershipId}/plan`)).toEqual([
      { planId: '00000000-0000-4000-8000-000000000003' },
    ]);

    // The override asks for its reason before anything is sent.
    fireEvent.click(
      within(change).getByRole('checkbox', {
        name: 'Staff override: put the member on the Elite plan anyway',
      }),
    );
    fireEvent.click(within(change).getByRole('button', { name: 'Change plan' }));
    expect(
      await within(change).findByText(
        'Give the reason for putting the member on a plan the chamber no longer offers.',
      ),
    ).toBeTruthy();
    expect(api.bodies(`PUT /admin/memberships/${membershipId}/plan`)).toHaveLength(1);
    fireEvent.change(within(change).getByLabelText('Reason (required for the override)'), {
      target: { value: 'Founding sponsor' },
    });
    fireEvent.click(within(change).getByRole('button', { name: 'Change plan' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Canyon Bikes is now on the Elite plan'),
    );
    expect(api.bodies(`PUT /admin/memberships/${membershipId}/plan`)[1]).toEqual({
      planId: '00000000-0000-4000-8000-000000000003',
      reason: 'Founding sponsor',
      overrideNotOffered: true,
    });
  });

  it('saves the dues settings with the reminder days as numbers', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 1);
    let stored = settings;
    const api = stubApi({
      'GET /admin/memberships': () => list([]),
      'GET /admin/membership-settings': () => json(200, stored),
      'PUT /admin/membership-settings': (body) => {
        stored = body as DuesSettings;
        return json(200, stored);
      },
    });
    renderWithProviders(<Memberships />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Dues settings' }));
    const form = await screen.findByRole('form', { name: 'Dues settings' });
    fireEvent.change(within(form).getByLabelText('Grace days'), { target: { value: '45' } });
    fireEvent.change(within(form).getByLabelText('Reminder schedule'), {
      target: { value: '60, 30 7' },
    });
    fireEvent.click(within(form).getByLabelText('Staff approve new members'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save dues settings' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Dues settings saved'));
    expect(api.bodies('PUT /admin/membership-settings')).toEqual([
      { ...settings, graceDays: 45, reminderDays: [60, 30, 7], staffApproveNewMembers: true },
    ]);
  });

  it('asks for the payment details while there are none, until they are saved', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 1);
    let stored: DuesSettings = { ...settings, payee: '' };
    const api = stubApi({
      'GET /admin/memberships': () => list([]),
      'GET /admin/membership-settings': () => json(200, stored),
      'PUT /admin/membership-settings': (body) => {
        stored = body as DuesSettings;
        return json(200, stored);
      },
    });
    renderWithProviders(<Memberships />);
    const prompt = await screen.findByRole('region', {
      name: 'Add how members pay before the first invoice',
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Add payment details' }));
    const form = await screen.findByRole('form', { name: 'Dues settings' });
    fireEvent.change(within(form).getByLabelText('Checks payable to'), {
      target: { value: 'Riverton Area Chamber of Commerce' },
    });
    fireEvent.change(within(form).getByLabelText('Mail checks to'), {
      target: { value: 'PO Box 12\nRiverton, UT 84065' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save dues settings' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Add how members pay before the first invoice' }),
      ).toBeNull(),
    );
    expect(api.bodies('PUT /admin/membership-settings')).toEqual([
      {
        ...settings,
        payee: 'Riverton Area Chamber of Commerce',
        mailingAddress: 'PO Box 12\nRiverton, UT 84065',
      },
    ]);
  });

  it('refuses reminder days that are not whole days, sending nothing', async () => {
    const api = stubApi({
      'GET /admin/memberships': () => list([]),
      'GET /admin/membership-settings': () => json(200, settings),
    });
    renderWithProviders(<Memberships />);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Dues settings' }));
    const form = await screen.findByRole('form', { name: 'Dues settings' });
    fireEvent.change(within(form).getByLabelText('Reminder schedule'), {
      target: { value: '30, two weeks' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save dues settings' }));
    expect(
      await within(form).findByText(
        'Whole days before the paid-through date, separated by commas, e.g. 30, 14, 1',
      ),
    ).toBeTruthy();
    expect(api.calls.filter((c) => c.route.startsWith('PUT'))).toEqual([]);
  });
});
