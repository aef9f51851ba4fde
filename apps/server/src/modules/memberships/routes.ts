import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@chamber/contract';
import { contractRoute, type RouteDocs } from '../../lib/contract-route.js';
import type { Clock } from '../../lib/clock.js';
import type { Database } from '@chamber/db';
import { AppError } from '../../lib/errors.js';
import { membershipValue } from '../account/index.js';
import type { BillingDocuments } from '../billing/index.js';
import type { MembershipsService } from './service.js';

/** A staff route's options (Admin → Memberships): admins only, listed under both tags. */
function staff(docs: RouteDocs) {
  return {
    config: { access: 'admin' as const },
    schema: { tags: ['memberships', 'admin'], ...docs },
  };
}

/** /membership (the member's own) and /admin/memberships (staff), thin over MembershipsService. */
export const membershipRoutes: FastifyPluginAsyncZod<{
  memberships: MembershipsService;
  /** Mails the join and renewal invoices. */
  documents: BillingDocuments;
  db: Database;
  clock: Clock;
}> = async (app, { memberships, documents, db, clock }) => {
  contractRoute(
    app,
    endpoints.memberships.myMembership,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: 'My membership: plan, standing, open invoices and what I may do',
        description:
          "The signed-in member's membership: plan, status, paid-through date, automatic renewal and the card it charges, the open invoice to pay, the renewal's price, and which renewals and plan changes are open now. 403 for a login without a member business.",
      },
    },
    async (request) => ({
      ...(await memberships.mine(request.session!)),
      howToPay: await documents.howToPay(),
    }),
  );

  contractRoute(
    app,
    endpoints.memberships.myMembershipValue,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: 'My year with the chamber: events attended, listing views and clicks',
        description:
          "What the signed-in member's business got over the 365 days ending today (the chamber's calendar days): events someone of it was checked in at, its listing's views and clicks to its website and phone, its deals' views, its job posts' views and 'Apply' clicks, and the year in one sentence. Views and clicks are daily totals counted without cookies, bots left out. 403 for a login without a member business.",
      },
    },
    async (request) => {
      const contactId = request.session!.user.contactId;
      if (!contactId) throw new AppError('forbidden', 'This account has no member business.');
      return membershipValue(db, contactId, clock.now());
    },
  );

  contractRoute(
    app,
    endpoints.memberships.join,
    {
      config: { access: 'signed-in', idempotent: true },
      schema: {
        tags: ['memberships'],
        summary: 'Join: choose a plan, save the business details and get the join invoice',
        description:
          "Makes (or keeps) the pending membership of the signed-in member business for the plan, saves the business and contact details sent, and answers the open join invoice with the chamber's payment instructions. Choosing the same plan again answers the same invoice; another plan voids it and issues a new one. `payBy: 'invoice'` mails the invoice with its PDF; `'card'` mails nothing now (pay with POST /api/payments/checkout; the receipt is mailed when the payment is recorded). 409 for a member who is already current, or for a plan the chamber no longer offers.",
      },
    },
    async (request) => {
      const answer = await memberships.join(request.session!, request.body);
      const mailed = request.body.payBy === 'invoice' && answer.invoice !== null;
      // Queued once the join has committed: durable from then on.
      if (mailed) await documents.queueMailNow(answer.invoice!.id, 'invoice');
      return { ...answer, invoiceMailed: mailed, howToPay: await documents.howToPay() };
    },
  );

  contractRoute(
    app,
    endpoints.memberships.renew,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: 'Renew now: the open renewal invoice',
        description:
          'Issues the renewal invoice for the next term and mails it with its PDF, or answers the open one (not mailed again): two clicks get the same invoice and one mail. 409 while renewal is not open (more than the renewal window before the paid-through date, or not a member yet).',
      },
    },
    async (request) =>
      memberships.renew(request.session!, (tx, now, invoiceId) =>
        documents.queueMail(tx, now, invoiceId, 'invoice'),
      ),
  );

  contractRoute(
    app,
    endpoints.memberships.changePlan,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: 'Upgrade or downgrade my plan',
        description:
          'An upgrade issues an invoice for the yearly difference for the days from today to the paid-through date (each term its share; a renewal paid ahead counts whole), due today and payable only as priced (a renewal paid since, or payment on another day, refuses it: ask again); it takes effect when paid. A downgrade takes effect at the next renewal (no invoice). 409 for a plan the chamber no longer offers, and for an upgrade in grace (renew first).',
      },
    },
    async (request) => memberships.changePlan(request.session!, request.body.planId),
  );

  contractRoute(
    app,
    endpoints.memberships.quote,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['memberships'],
        summary: 'What an upgrade or a renewal would cost today (nothing is issued)',
        description:
          "The price the confirmation dialog shows before any invoice is made: `change: 'upgrade'` with `planId` prices the upgrade for payment today (the yearly difference for each term's days from today to the paid-through date); `change: 'renewal'` the next term. With the days left, both plans' daily prices, one line a term, the total, when it takes effect and the paid-through date after. Refused as the change itself is: 409 for a membership not current, in grace (an upgrade: renew first), a plan no longer offered, or a renewal not open yet.",
      },
    },
    async (request) => memberships.quote(request.session!, request.query),
  );

  contractRoute(
    app,
    endpoints.memberships.listMemberships,
    staff({
      summary: 'Memberships: due this month, in grace, lapsed, paid this year',
      description:
        '`list`: `due` (paid through a day of this month), `grace`, `lapsed`, `paid` (a payment received this year), `pending` or `all`; `search` matches business, contact name and email. Ordered by paid-through date.',
    }),
    async (request, reply) => (await memberships.list(request.query)).send(request, reply),
  );

  contractRoute(
    app,
    endpoints.memberships.duesReport,
    staff({
      summary: 'Dues report: totals by plan and month',
      description:
        "Dues received in `year` (default this year) by the membership's plan and the month received, refunds taken off, with totals by plan and memberships by status today.",
    }),
    async (request) => memberships.report(request.query.year),
  );

  contractRoute(
    app,
    endpoints.memberships.membershipDetail,
    staff({
      summary: 'One membership with its terms and history',
    }),
    async (request) => memberships.detail(request.params.id),
  );

  contractRoute(
    app,
    endpoints.memberships.approveMembership,
    staff({
      summary: 'Approve a new member held for staff',
      description:
        "With the setting 'staff approve new members', a paid join waits pending; approving makes it active and listed. 409 for a membership not waiting.",
    }),
    async (request) => {
      await memberships.approve(request.session!, request.params.id);
      return memberships.detail(request.params.id);
    },
  );

  contractRoute(
    app,
    endpoints.memberships.staffChangePlan,
    staff({
      summary: "Change a membership's plan",
      description:
        "Staff change the plan at once, with no invoice; the reason is kept in the history. A plan the chamber no longer offers is refused (409) unless `overrideNotOffered: true` comes with a `reason` (400 without one); the override is kept in the history. Putting back the member's own plan (taking back a downgrade) needs no override. `billingRecipientIds` chooses who of the business receives its invoices, receipts and dues notices (400 for someone not of the business or without an address); an empty list goes back to the rule (the billing person, else the primary one); without `planId` only the recipients change.",
    }),
    async (request) => {
      await memberships.staffChangePlan(
        request.session!,
        request.params.id,
        request.body.planId,
        request.body.reason,
        request.body.overrideNotOffered,
        request.body.billingRecipientIds,
      );
      return memberships.detail(request.params.id);
    },
  );

  contractRoute(
    app,
    endpoints.memberships.cancelMembership,
    staff({
      summary: 'Cancel a membership',
      description:
        'The membership ends now: enhanced and elite fields are hidden (never deleted), open invoices voided, automatic renewal off. The reason is kept in the history.',
    }),
    async (request) => {
      await memberships.cancel(request.session!, request.params.id, request.body.reason);
      return memberships.detail(request.params.id);
    },
  );

  contractRoute(
    app,
    endpoints.memberships.exportMemberships,
    staff({
      summary: 'Every membership as CSV',
      description:
        'Business, contact, email, plan, status, payment status, started, paid through and automatic renewal, one row per membership. Cells starting with =, +, - or @ are written after an apostrophe.',
    }),
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="memberships.csv"')
        .header('cache-control', 'private, no-store')
        .send(await memberships.exportCsv()),
  );

  contractRoute(
    app,
    endpoints.memberships.duesSettings,
    staff({
      summary: "The chamber's dues settings",
    }),
    async () => memberships.getSettings(),
  );

  contractRoute(
    app,
    endpoints.memberships.updateDuesSettings,
    staff({
      summary: "Change the chamber's dues settings",
      description:
        'Currency, term rule (anniversary or calendar year), grace days, reminder days, the automatic-charge notice, invoice due days, staff approval of new members, what a lapsed listing does, and the payment instructions printed on invoices.',
    }),
    async (request) => memberships.putSettings(request.session!, request.body),
  );
};
