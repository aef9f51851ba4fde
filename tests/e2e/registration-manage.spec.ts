import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, paths, test } from './fixtures';
import { fromOutbox } from './outbox';

/** An event of the seeded calendar a few days ahead, still open for registration. */
async function upcomingEvent(request: APIRequestContext) {
  const config = (await (await request.get('/api/config')).json()) as { calendarId: string };
  const day = (days: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver' }).format(
      new Date(Date.now() + days * 86_400_000),
    );
  const res = await request.get(
    `/api/calendars/${config.calendarId}/events?startDate=${day(2)}&endDate=${day(40)}`,
  );
  const { events } = (await res.json()) as { events: { id: string; title: string }[] };
  if (!events[0]) throw new Error('the seed has no events in the next weeks');
  return events[0];
}

/**
 * The manage link (path and fragment) of the newest mail to `email` with this subject written
 * after `since`, from the server's outbox.
 */
function linkFromOutbox(email: string, subject: string, since: number): Promise<string> {
  return fromOutbox(since, `a mail "${subject}" to ${email} with a manage link`, (mail) =>
    mail.includes(email) && mail.includes(`Subject: ${subject}`)
      ? mail.match(/https?:\/\/[^\s"<]+(\/registrations\/manage#token=[\w-]{43})/)?.[1]
      : undefined,
  );
}

test('a registrant opens the manage link from the mail, changes the party size and cancels', async ({
  page,
  request,
}) => {
  test.slow(); // Two mails to wait for and several pages.
  const event = await upcomingEvent(request);
  const email = `manage-${Date.now().toString(36)}@riverton.example`;

  const since = Date.now() - 1000;
  await page.goto(paths.event.href(event.id));
  await page.getByRole('button', { name: 'Register Now' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register for Event' });
  await dialog.getByLabel('Full Name*').fill('Avery Quinn');
  await dialog.getByLabel('Email*').fill(email);
  await dialog.getByLabel('Number of Guests').fill('2');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: "You're Registered!" })).toBeFocused();
  const link = await linkFromOutbox(email, "You're registered:", since);

  // The token rides in the fragment: the page's address sends the server nothing of it.
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel('Number of Guests')).toHaveValue('2');
  const token = link.split('#token=')[1]!;
  expect(seen.filter((url) => url.includes(token))).toEqual([]);
  await expectNoAxeViolations(page);

  await page.getByLabel('Number of Guests').fill('4');
  await page.getByLabel('Notes (optional)').fill('Two colleagues are joining us.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your registration is updated.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Number of Guests')).toHaveValue('4');
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Two colleagues are joining us.');

  // The event page counts the new party size.
  const after = await request.get(`/api/calendars/appointments/${encodeURIComponent(event.id)}`);
  expect(((await after.json()) as { attendeeCount: number }).attendeeCount).toBeGreaterThanOrEqual(
    4,
  );

  await page.getByRole('button', { name: 'Cancel registration' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your registration?' });
  await confirm.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registration Cancelled' }),
  ).toBeVisible();
  await expect(page.getByText('Your registration is cancelled.')).toBeVisible();

  // The link opens nothing any more.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible();
});

test('a stranger who registers someone’s address again changes nothing; the mailbox gets a link, the first still works', async ({
  page,
  request,
}) => {
  const event = await upcomingEvent(request);
  const email = `repeat-${Date.now().toString(36)}@riverton.example`;
  const url = `/api/calendars/appointments/${encodeURIComponent(event.id)}/registrations`;

  let since = Date.now() - 1000;
  const first = await request.post(url, {
    data: { name: 'Sam Ortiz', email, phone: '(801) 555-0111', numberOfGuests: 2 },
  });
  expect(first.status()).toBe(201);
  const original = await linkFromOutbox(email, "You're registered:", since);

  since = Date.now() - 1000;
  const repeat = await request.post(url, {
    data: { name: 'Someone Else', email, numberOfGuests: 10 },
  });
  expect(repeat.status()).toBe(201);
  const fresh = await linkFromOutbox(email, "You're already registered:", since);

  // The owner's earlier link keeps working: only the owner can ask for new links.
  await page.goto(original);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByLabel('Full Name*')).toHaveValue('Sam Ortiz');
  await page.goto(fresh);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByLabel('Full Name*')).toHaveValue('Sam Ortiz');
  await expect(page.getByLabel('Number of Guests')).toHaveValue('2');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('(801) 555-0111');
});
