import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SponsorLevel, SponsorshipPackage, SponsorshipSale } from '@chamber/contract';
import { createTestUser, type TestContext } from '../../test/app.js';
import {
  type CalendarPeople,
  createdEvent,
  register,
  startCalendarApp,
} from '../../test/calendar.js';
import { bearer } from '../../test/members.js';
import type { SmtpServer } from '../../test/smtp.js';

let ctx: TestContext;
let smtp: SmtpServer;
let people: CalendarPeople;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ctx, smtp, people, close } = await startCalendarApp());
});
afterAll(() => close());

async function business(name: string) {
  const user = await createTestUser(ctx.db, {
    contact: { businessName: name, membershipTier: 'elite', paymentStatus: 'paid' },
  });
  return user.contactId!;
}

let n = 0;
/** Sells `contactId` a package placed on the event at `level`, live this month. */
async function sponsor(eventId: string, contactId: string, level: SponsorLevel) {
  const pkg = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/sponsorship-packages',
    headers: bearer(people.admin.token),
    payload: {
      name: `Event package ${++n}`,
      priceCents: 25_000,
      quantity: 3,
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
      placements: [{ kind: 'event', eventId, level }],
    },
  });
  expect(pkg.statusCode, pkg.body).toBe(201);
  const sale = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/sponsorship-packages/${pkg.json<SponsorshipPackage>().id}/sales`,
    headers: bearer(people.admin.token),
    payload: { memberId: contactId, payment: 'invoice' },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  return sale.json<SponsorshipSale>();
}

/** Registers a guest for the event and answers the confirmation's text. */
async function confirmation(eventId: string, title: string, email: string) {
  const res = await register(ctx, eventId, {
    name: 'Dana Whitfield',
    email,
    phone: '',
    numberOfGuests: '1',
    notes: '',
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = await smtp.mailTo(email, new RegExp(`You're registered: ${title}`), 8000);
  return { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

describe("'Presented by' in the registration confirmation", () => {
  it("names the event's live presenting sponsor, not its gold one", async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Sponsored Luncheon' });
    await sponsor(event.id, await business('Acme Hardware'), 'presenting');
    await sponsor(event.id, await business('Bolt Bikes'), 'gold');
    const mail = await confirmation(event.id, 'Sponsored Luncheon', 'dana@presented.example');
    expect(mail.text).toContain('Presented by Acme Hardware.');
    expect(mail.text).not.toContain('Bolt Bikes');
    expect(mail.html).toContain('Presented by Acme Hardware.');
  });

  it('names its sponsors by level when none presents it', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Gold Mixer' });
    await sponsor(event.id, await business('Cedar Print'), 'silver');
    await sponsor(event.id, await business('Delta Dental'), 'gold');
    const mail = await confirmation(event.id, 'Gold Mixer', 'dana@gold.example');
    expect(mail.text).toContain('Presented by Delta Dental and Cedar Print.');
  });

  it('says nothing of sponsors for an event without a live one', async () => {
    const event = await createdEvent(ctx, people.owner.token, { title: 'Plain Breakfast' });
    // Another event's sponsor is not this event's.
    const mail = await confirmation(event.id, 'Plain Breakfast', 'dana@plain.example');
    expect(mail.text).toContain('Thank you for registering for Plain Breakfast.');
    expect(mail.text).not.toContain('Presented by');
  });
});
