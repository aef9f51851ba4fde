import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketTypeList } from '@chamber/contract';
import { events } from '@chamber/db';
import { seedDemo } from '../../seed/seed.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { eventsIn } from '../../test/calendar.js';
import { normalizeRule } from './series-rules.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.db, ctx.clock.now());
});
afterAll(() => ctx.close());

describe('the demo calendar', () => {
  it('stores series whose rules the calendar accepts, starting on a date they give', async () => {
    const series = await ctx.db.select().from(events).where(isNotNull(events.rrule));
    expect(series.map((s) => s.title).sort()).toEqual([
      'Monthly Chamber Luncheon',
      'Networking Breakfast',
    ]);
    for (const s of series) {
      expect(normalizeRule(s.rrule!, s.startTime, s.endTime, s.timezone)).toBe(s.rrule);
    }
  });

  it('fills the month around the seeding day, breakfasts every Tuesday at 7:30', async () => {
    const list = await eventsIn(ctx, '2026-03-01', '2026-04-30');
    const breakfasts = list.filter((e) => e.title === 'Networking Breakfast');
    expect(breakfasts.length).toBeGreaterThanOrEqual(8);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Denver',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(new Set(breakfasts.map((e) => local.format(new Date(e.startTime))))).toEqual(
      new Set(['Tue 7:30 AM']),
    );
    expect(list.filter((e) => e.title === 'Monthly Chamber Luncheon')).toHaveLength(2);
    expect(list.map((e) => e.title)).toContain('Holiday Lights Mixer');
  });

  it('sells the annual dinner by the table of 8 and by the seat', async () => {
    const [dinner] = await ctx.db
      .select()
      .from(events)
      .where(eq(events.title, 'Annual Awards Dinner'));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${dinner!.id}/ticket-types`,
    });
    const list = res.json<TicketTypeList>();
    // Two demo orders hold seats: a named table of 8 and two single seats.
    expect(list.seatsLeft).toBe(150);
    expect(
      list.types.map((t) => [t.name, t.seatsPerTicket, t.viewerPriceCents, t.sold, t.ticketsLeft]),
    ).toEqual([
      ['Table of 8', 8, 76_000, 1, 9],
      ['Single seat', 1, 10_000, 2, 150],
    ]);
  });
});
