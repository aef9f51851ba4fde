import { accounts, expect, hydrated, paths, signInThroughForm, test } from './fixtures';
import { fromOutbox } from './outbox';
import { apiToken } from './admin-api';

const ZONE = 'America/Denver';

/** A date in Denver as YYYY-MM-DD, `days` from now. */
const denverDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The event page's path in the newest mail to `email` with this subject, from the outbox. */
function eventLinkFromOutbox(email: string, subject: string, since: number) {
  return fromOutbox(since, `a mail "${subject}" to ${email} with the event's link`, (mail) =>
    mail.includes(email) && mail.includes(`Subject: ${subject}`)
      ? mail.match(/https?:\/\/[^\s"<]+?(\/events\/[\w%-]+)/)?.[1]
      : undefined,
  );
}

test('after "Update all future events", the link in the confirmation mail still opens the event', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Thursday Networking Breakfast ${Date.now().toString(36)}`;
  // A weekly series on the chamber's clock, its first date at least a week away.
  let offset = 7;
  while (new Date(`${denverDate(offset)}T12:00:00Z`).getUTCDay() !== 4) offset += 1;
  const day = (week: number) => denverDate(offset + 7 * week);
  const token = await apiToken(request, baseURL!, accounts.member);
  const created = await request.post('/api/calendars/appointments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      startTime: `${day(0)}T07:30`,
      endTime: `${day(0)}T08:30`,
      selectedTimezone: ZONE,
      location: 'Riverton City Hall, 12830 S Redwood Rd',
      rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=6',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const series = (await created.json()) as { masterEventId: string };
  const config = (await (await request.get('/api/config')).json()) as { calendarId: string };
  const list = await request.get(
    `/api/calendars/${config.calendarId}/events?startDate=${day(0)}&endDate=${day(6)}`,
  );
  const weeks = ((await list.json()) as { events: { id: string; title: string }[] }).events.filter(
    (e) => e.title === title,
  );
  expect(weeks).toHaveLength(6);

  // A visitor registers for week 3 and keeps the confirmation mail.
  const email = `breakfast-${Date.now().toString(36)}@riverton.example`;
  const since = Date.now();
  const registered = await request.post(
    `/api/calendars/appointments/${weeks[2]!.id}/registrations`,
    {
      data: { name: 'Casey Rowe', email, numberOfGuests: 1 },
    },
  );
  expect(registered.status()).toBe(201);
  const mailed = await eventLinkFromOutbox(email, `You're registered: ${title}`, since);
  expect(mailed).toBe(paths.event.href(weeks[2]!.id));

  // The organizer moves the breakfast to 8:00 from week 2 on.
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.event.href(weeks[1]!.id));
  const edit = page.getByRole('button', { name: 'Edit' });
  await hydrated(edit);
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await dialog.getByLabel('Start time').fill('08:00');
  await dialog.getByLabel('End time').fill('09:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page
    .getByRole('dialog', { name: 'Save recurring event' })
    .getByRole('button', { name: /Update all future events/ })
    .click();
  await expect(page.getByText('Event updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The visitor opens the link from the mail: the event at its new time, under its new address.
  const visitor = await browser.newPage();
  await visitor.goto(mailed);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Event Not Found')).toHaveCount(0);
  await expect(visitor.getByText('8:00 AM – 9:00 AM').first()).toBeVisible();
  await expect(visitor).not.toHaveURL(new RegExp(`${weeks[2]!.id}$`));
  await expect(visitor).toHaveURL(/\/events\/[0-9a-f-]{36}_\d{8}T\d{6}Z$/);
  expect(visitor.url()).not.toContain(series.masterEventId);
  await visitor.close();
});
