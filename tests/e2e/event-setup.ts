import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, expect, expectNoAxeViolations } from './fixtures';

// Events and ticket types made through the API for the event specs, and the check each of
// their screens passes: no sideways scroll at the width under test, and no axe violation.

/** The page fits `width` without sideways scroll and has no axe violation. */
export async function expectFitsAndAccessible(
  page: Page,
  where: string,
  width: number,
  axe: { exclude?: string[] } = {},
) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `page width of ${where}`).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page, { ...axe, where });
}

/**
 * A one-off event `days` ahead (12 unless told), made through the API by `account` (the
 * admin unless told), from `startTime` to `endTime` of that day in UTC (an evening in Denver
 * unless told). Other fields go to the API as they are.
 */
export async function createEventThroughApi(
  request: APIRequestContext,
  baseURL: string,
  fields: {
    title: string;
    days?: number;
    startTime?: string;
    endTime?: string;
    location?: string;
    capacity?: number | null;
    [field: string]: unknown;
  },
  account: { email: string; password: string } = accounts.admin,
) {
  const { days = 12, startTime = 'T01:00', endTime = 'T04:00', ...rest } = fields;
  const token = await apiToken(request, baseURL, account);
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      location: 'Riverton Event Center',
      ...rest,
      startTime: `${day}${startTime}:00.000Z`,
      endTime: `${day}${endTime}:00.000Z`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

/** A ticket type on `eventId` added by the admin: a free table of 8 unless `fields` say otherwise. */
export async function addTicketType(
  request: APIRequestContext,
  baseURL: string,
  eventId: string,
  fields: Record<string, unknown> = {},
) {
  const token = await apiToken(request, baseURL, accounts.admin);
  const res = await request.post(`/api/admin/events/${eventId}/ticket-types`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Table of 8',
      memberPriceCents: null,
      priceCents: null,
      quantity: 4,
      salesOpenAt: null,
      salesCloseAt: null,
      perOrderLimit: 2,
      seatsPerTicket: 8,
      sortOrder: 0,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}
