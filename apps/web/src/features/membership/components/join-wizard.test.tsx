import {
  type Invoice,
  joinMembershipResponseSchema,
  type Membership,
  myMembershipSchema,
} from '@chamber/contract';
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makePlans, makeProfile, signedInAs, stubApi } from '@/test/fake-api';
import { renderWithProviders } from '@/test/render-with-providers';
import { JoinWizard } from './join-wizard';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// The join's texts when the chamber's staff approve new members (dues setting 'staff approve
// new members'): paying never reads as 'active at once', and a paid joiner held for approval
// is told so; with the setting off, the same screens say paying makes the membership active.

const basic = {
  id: '00000000-0000-4000-8000-000000000001',
  level: 'standard' as const,
  name: 'Basic',
  slug: 'basic',
  priceCents: 30_000,
};

function membership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    contactId: 'c-1',
    businessName: 'Riverbend Bakery',
    contactName: 'Maria Lopez',
    email: 'maria@riverbendbakery.example',
    plan: basic,
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

const howToPay = {
  payee: 'Riverton Area Chamber of Commerce',
  mailingAddress: 'PO Box 12\nRiverton, UT 84065',
  bankDetails: '',
  note: '',
  contact: '(801) 555-0100, info@rivertonchamber.example',
};

const joinInvoice = {
  id: '33333333-3333-4333-8333-333333333333',
  number: '2026-0007',
  purpose: 'membership_join' as const,
  status: 'open' as const,
  totalCents: 30_000,
  currency: 'USD',
  issuedOn: '2026-11-20',
  dueOn: '2026-12-07',
};

const mine = (m: Membership) =>
  myMembershipSchema.parse({
    membership: m,
    currency: 'USD',
    openInvoices: [],
    may: { renew: false, upgradeTo: [], downgradeTo: [], setAutoRenew: false },
    renewal: null,
    nextCharge: null,
    history: [],
    howToPay,
  });

/** The fake chamber: a signed-in joiner with a pending membership, Stripe set up. */
function chamber(approves: boolean, held = false) {
  const paidInvoice: Invoice = {
    id: joinInvoice.id,
    number: joinInvoice.number,
    kind: 'invoice',
    status: 'paid',
    purpose: 'membership_join',
    contactId: 'c-1',
    membershipId: membership().id,
    billTo: { name: 'Maria Lopez', business: 'Riverbend Bakery' },
    currency: 'USD',
    totalCents: 30_000,
    issuedOn: '2026-11-20',
    dueOn: '2026-12-07',
    paidAt: '2026-11-20T18:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    replacesInvoiceId: null,
    creditsInvoiceId: null,
    lines: [
      {
        position: 1,
        description: 'Basic membership',
        quantity: 1,
        unitCents: 30_000,
        amountCents: 30_000,
      },
    ],
    payments: [],
  };
  return stubApi({
    ...signedInAs(makeProfile({ paymentStatus: 'pending' })),
    'GET /membership-plans': () =>
      json(200, { plans: makePlans(), staffApproveNewMembers: approves }),
    'GET /payments/options': () => json(200, { online: true, offlineMethods: ['check'] }),
    'GET /membership': () => json(200, mine(membership(held ? { awaitingApproval: true } : {}))),
    'GET /billing/invoices': () => json(200, { invoices: [paidInvoice], total: 1 }),
    'POST /membership/join': () =>
      json(
        200,
        joinMembershipResponseSchema.parse({
          membership: membership(),
          invoice: joinInvoice,
          invoiceMailed: true,
          howToPay,
        }),
      ),
  });
}

/** The tab's saved progress: plan and details done, on to payment. */
function atPayment() {
  sessionStorage.setItem(
    'chamber.join',
    JSON.stringify({
      step: 'pay',
      planSlug: 'basic',
      details: {
        businessName: 'Riverbend Bakery',
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria@riverbendbakery.example',
        phone: '',
        address1: '',
        city: '',
        state: '',
        postalCode: '',
      },
      done: null,
    }),
  );
}

const noForms = () => Promise.resolve();
const join = () => <JoinWizard signInForms={() => null} preloadSignInForms={noForms} />;

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('joining when staff approve new members', () => {
  it('says staff review the membership after payment, at payment and after the invoice', async () => {
    atPayment();
    const api = chamber(true);
    renderWithProviders(join(), { route: '/join' });
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Paying online records your payment at once; with an invoice, when the chamber records it. Staff then review your membership and confirm it, usually within two business days.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/active at once/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send me an invoice' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for joining!' })).toBeTruthy();
    expect(api.bodies('POST /membership/join')).toMatchObject([
      { planId: basic.id, payBy: 'invoice' },
    ]);
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' &&
          el.textContent ===
            'Your membership stays pending until the chamber records your payment; then staff review it and confirm it, usually within two business days, and your business is listed in the directory. Your receipt is emailed to you.',
      ),
    ).toBeTruthy();
  });

  it('tells a joiner who paid and is held for approval that the listing waits for staff', async () => {
    chamber(true, true);
    renderWithProviders(join(), { route: '/join?paid=2026-0007' });
    expect(
      await screen.findByText(
        'The chamber approves new members: your listing goes live once staff have approved it.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'We received $300.00 for invoice 2026-0007. Your receipt is on its way by email.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/is active/)).toBeNull();
  });

  it('says paying makes the membership active when staff do not approve new members', async () => {
    atPayment();
    chamber(false);
    renderWithProviders(join(), { route: '/join' });
    expect(
      await screen.findByText(
        'Paying online makes your membership active at once. With an invoice, it starts when your payment is recorded.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/staff review/i)).toBeNull();
  });
});
