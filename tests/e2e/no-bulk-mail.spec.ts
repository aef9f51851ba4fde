import type { APIRequestContext } from '@playwright/test';
import { apiToken } from './admin-api';
import {
  accounts,
  checkLooks,
  closeToasts,
  expect,
  followSystemTheme,
  paths,
  signIn,
  test,
} from './fixtures';
import { fromOutbox } from './outbox';

// Staff schedule a message, see its time, move it and cancel it; and the addresses that get
// no bulk mail (docs/staff/communications.md): an address suppressed by hand, found and
// lifted, and an address that left the newsletter by its own link.

interface Campaign {
  id: string;
  state: string;
  scheduledAt: string | null;
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function staffHeaders(request: APIRequestContext, baseURL: string) {
  return { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
}

/** A day and a time as the chamber's clock reads `at` (inputs' values), and as the page says it. */
function onClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute}`;
  const hour = Number(parts.hour);
  const month = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short' }).format(at);
  // 'Apr 21, 2026, 9:05 AM' (the space before AM may be a narrow one).
  const said = new RegExp(
    `${month} ${Number(parts.day)}, ${parts.year}, ${hour % 12 || 12}:${parts.minute}\\s${hour < 12 ? 'AM' : 'PM'}`,
  );
  return { day, time, said };
}

test('staff schedule a message, move its time, and cancel it', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // Two widths and two themes of the scheduled message.
  const headers = await staffHeaders(request, baseURL!);
  // Composing is the compose spec's; here the message is written through the API.
  const subject = `Board elections ${unique()}`;
  const created = await request.post('/api/admin/campaigns', {
    headers,
    data: {
      subject,
      content: `<h2>${subject}</h2><p>Vote for the chamber's board.</p>`,
      audience: { segments: [{ kind: 'members', states: ['active'], role: 'primary' }] },
      topic: 'announcements',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as Campaign;

  await followSystemTheme(page);
  await signIn(page, accounts.admin);
  await page.goto(paths.campaign.href(campaign.id));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(main.getByText(/^\d+ recipients?$/)).toBeVisible();

  await main.getByRole('radio', { name: 'Schedule' }).check();
  const timeLabel = (await main.getByText(/^Time \(/).textContent())!;
  const timeZone = /^Time \((.+)\)$/.exec(timeLabel)![1]!.replace(/ /g, '_');
  // A few minutes ahead: it does not go out while the test looks at it.
  const first = onClock(new Date(Date.now() + 10 * 60_000), timeZone);
  await main.getByLabel('Day', { exact: true }).fill(first.day);
  await main.getByLabel(/^Time \(/).fill(first.time);
  await main.getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Schedule this message?' })).toBeVisible();
  await expect(dialog).toContainText(first.said);
  await dialog.getByRole('button', { name: /^Schedule for \d+ recipients?$/ }).click();

  // The scheduled state and its time, in the header and the send panel.
  await expect(dialog).toBeHidden();
  await expect(main.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  await expect(
    main.getByText(new RegExp(`Scheduled for ${first.said.source}`)).first(),
  ).toBeVisible();
  const scheduled = (await (
    await request.get(`/api/admin/campaigns/${campaign.id}`, { headers })
  ).json()) as Campaign;
  expect(scheduled.state).toBe('scheduled');
  expect(onClock(new Date(scheduled.scheduledAt!), timeZone).time).toBe(first.time);
  await checkLooks(page, 'campaign-scheduled');

  // Moved ten minutes later: the same form, the new time.
  const second = onClock(new Date(Date.now() + 20 * 60_000), timeZone);
  await main.getByRole('radio', { name: 'Schedule' }).check();
  await main.getByLabel('Day', { exact: true }).fill(second.day);
  await main.getByLabel(/^Time \(/).fill(second.time);
  await main.getByRole('button', { name: 'Schedule…' }).click();
  await dialog.getByRole('button', { name: /^Schedule for \d+ recipients?$/ }).click();
  await expect(
    main.getByText(new RegExp(`Scheduled for ${second.said.source}`)).first(),
  ).toBeVisible();

  // Cancelled: it will not go out at its time, and it says so.
  await main.getByRole('button', { name: 'Cancel…' }).click();
  await expect(dialog).toContainText('It will not go out at its time.');
  await dialog.getByRole('button', { name: 'Cancel the message' }).click();
  await expect(main.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('button', { name: 'Schedule…' })).toHaveCount(0);
  const cancelled = (await (
    await request.get(`/api/admin/campaigns/${campaign.id}`, { headers })
  ).json()) as Campaign;
  expect(cancelled.state).toBe('cancelled');
});

test('staff add an address to the suppressed, find it and lift it; and see who left a topic', async ({
  page,
  request,
}) => {
  test.slow(); // A mail to wait for, two tabs in two widths and themes.
  // A reader leaves the newsletter by their own link: signed up, then asked for their
  // preference link, and one click.
  const reader = `leaver-${unique()}@example.org`;
  const since = Date.now() - 1000;
  expect(
    (await request.post('/api/newsletter/subscribe', { data: { email: reader } })).status(),
  ).toBe(202);
  expect(
    (await request.post('/api/unsubscribe/request', { data: { email: reader } })).status(),
  ).toBe(202);
  const token = await fromOutbox(since, `the preference link to ${reader}`, (mail) => {
    const to = mail.match(/^To: (.+)$/im)?.[1] ?? '';
    return to.includes(reader) ? mail.match(/\/unsubscribe\/(u1\.[\w.-]+)/)?.[1] : undefined;
  });
  const left = await request.post(`/api/unsubscribe/${token}`);
  expect(await left.json()).toMatchObject({ valid: true, optedOut: { newsletter: true } });

  await followSystemTheme(page);
  await signIn(page, accounts.admin);
  await page.goto(paths.communications.href());
  const main = page.getByRole('main');
  await main.getByRole('link', { name: 'Addresses that get no bulk mail' }).click();
  await expect(page).toHaveURL(paths.noBulkMail.href());
  await expect(
    main.getByRole('heading', { name: 'Addresses that get no bulk mail', level: 1 }),
  ).toBeVisible();
  await expect(
    main.getByText(/Receipts, invoices, event registrations and password resets still reach them/),
  ).toBeVisible();

  // Added by hand, with a reason; a wrong address is refused first.
  const email = `asked-${unique()}@example.org`;
  await main.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('dialog', { name: 'Stop bulk mail to an address' });
  await add.getByLabel('Email').fill('not an address');
  await add.getByRole('button', { name: 'Suppress' }).click();
  await expect(add.getByText('Enter an email address.')).toBeVisible();
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Reason').fill('Asked by phone for no newsletters');
  await add.getByRole('button', { name: 'Suppress' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText(`Bulk mail no longer goes to ${email}.`)).toBeVisible();

  // Found by the search, with its reason and note.
  await main.getByLabel('Search suppressed addresses').fill(email.split('@')[0]!);
  const table = main.getByRole('table', { name: 'Suppressed addresses' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Added by staff');
  await expect(row).toContainText('Asked by phone for no newsletters');
  // Looked at once the toast has gone: one fading out has its text at part opacity.
  await closeToasts(page);
  await checkLooks(page, 'no-bulk-mail-suppressed');

  // Lifted after a confirm that says what it does.
  await row.getByRole('button', { name: `Lift the suppression of ${email}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('lets bulk mail');
  await expect(confirm).toContainText('go to this address again');
  await checkLooks(page, 'no-bulk-mail-lift');
  await confirm.getByRole('button', { name: 'Lift the suppression' }).click();
  await expect(main.getByText('No suppressed address matches the search.')).toBeVisible();
  await expect(page.getByText(`Bulk mail may go to ${email} again.`)).toBeVisible();
  await closeToasts(page);

  // The reader who left the newsletter, found on the second tab.
  await main.getByRole('tab', { name: 'Unsubscribed' }).click();
  await expect(page).toHaveURL(`${paths.noBulkMail.href()}?tab=unsubscribed`);
  await main.getByLabel('Search unsubscribed addresses').fill(reader);
  const unsubscribed = main.getByRole('table', { name: 'Unsubscribed addresses' });
  const readerRow = unsubscribed.getByRole('row', { name: new RegExp(reader) });
  await expect(readerRow.getByRole('list', { name: `Topics ${reader} left` })).toHaveText(
    'Newsletter',
  );
  await expect(unsubscribed.getByRole('row')).toHaveCount(2);
  await checkLooks(page, 'no-bulk-mail-unsubscribed');
});

test('members and visitors are refused the lists', async ({ page, request, baseURL }) => {
  const member = { Authorization: `Bearer ${await apiToken(request, baseURL!, accounts.member)}` };
  for (const url of ['/api/admin/suppressions', '/api/admin/unsubscribes']) {
    expect((await request.get(url, { headers: member })).status(), url).toBe(403);
    expect((await request.get(url)).status(), url).toBe(401);
  }
  await signIn(page, accounts.member);
  await page.goto(paths.noBulkMail.href());
  await expect(page).toHaveURL(paths.home.href());
});
