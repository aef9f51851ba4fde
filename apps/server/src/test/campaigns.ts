import { sql } from 'drizzle-orm';
import { eventRegistrations, type Database } from '@chamber/db';
import { createEvent } from '@chamber/db/factories';
import { createMailingApp, createTestUser, signIn, type TestContext } from './app.js';
import { createCalendar } from './calendar.js';
import { bearer } from './members.js';

let n = 0;

/**
 * A fresh event of the demo calendar whose confirmed registrants are `emails`: the smallest
 * audience a campaign test can send to. Answers the event's id.
 */
export async function eventWithRegistrants(db: Database, emails: string[]): Promise<string> {
  n += 1;
  const event = await createEvent(db, {
    calendarId: 'racc-events',
    startTime: new Date('2026-04-15T18:00:00Z'),
    title: `Mixer ${n}`,
  });
  if (emails.length > 0) {
    await db
      .insert(eventRegistrations)
      .values(emails.map((email) => ({ eventId: event.id, name: `Guest ${email}`, email })));
  }
  return event.id;
}

/**
 * The app the campaign tests share: mail to the SMTP peer, a pace of one a minute (the
 * background sender barely moves; the tests send with `sendAll`), the demo calendar, a
 * moderator and a member signed in, and `api` calling as the moderator unless told.
 */
export async function campaignTestApp(env: Record<string, string> = {}) {
  const { ctx, smtp, close } = await createMailingApp({
    CAMPAIGN_PACE_PER_MINUTE: '1',
    BOUNCE_ADDRESS: 'bounces@mail.example.org',
    ...env,
  });
  await createCalendar(ctx.db);
  const moderator = await createTestUser(ctx.db, { role: 'moderator', contact: false });
  const staff = await signIn(ctx, moderator.email);
  const memberToken = await signIn(ctx, (await createTestUser(ctx.db, {})).email);
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { ctx, smtp, close, staff, staffEmail: moderator.email, memberToken, api };
}

/** Sends a sent campaign's due mail now, and waits (5 s at most) until none is left to send. */
export async function sendAll(ctx: TestContext, campaignId: string): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await ctx.app.campaignSender.drain();
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from campaign_recipients
        where campaign_id = ${campaignId} and state in ('queued', 'sending')`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the campaign was not sent');
}
