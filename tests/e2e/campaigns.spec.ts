import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { accounts, expect, expectNoAxeViolations, paths, signIn, test } from './fixtures';
import { fromOutbox } from './outbox';

// Staff's messages to members (docs/staff/communications.md): the list, a campaign's
// audience built and counted live, sent now and followed to the end; a second one paused,
// resumed and cancelled; members refused. The e2e server has no SMTP: its mail is written
// to a folder at the portal's default pace (120 a minute).

interface Counts {
  queued: number;
  sending: number;
  sent: number;
  total: number;
}
interface Campaign {
  id: string;
  state: string;
  counts: Counts;
}
type Segment =
  | { kind: 'members'; planIds?: string[]; states?: string[]; role?: string }
  | { kind: 'subscribers' };

const PROGRAMME = 'https://example.org/spring-programme';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function staffApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseURL)}` };
  return {
    headers,
    create: async (subject: string, segments: Segment[], trackClicks = false) => {
      const res = await request.post('/api/admin/campaigns', {
        headers,
        data: {
          subject,
          content: `<h2>${subject}</h2><p>News from the chamber for its members: <a href="${PROGRAMME}">the programme</a>.</p>`,
          audience: { segments },
          topic: 'newsletter',
          trackClicks,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Campaign;
    },
    count: async (segments: Segment[]) => {
      const audience = encodeURIComponent(JSON.stringify({ segments }));
      const res = await request.get(`/api/admin/audiences/preview?audience=${audience}`, {
        headers,
      });
      expect(res.ok(), await res.text()).toBe(true);
      return ((await res.json()) as { count: number }).count;
    },
    get: async (id: string) => {
      const res = await request.get(`/api/admin/campaigns/${id}`, { headers });
      return (await res.json()) as Campaign;
    },
    plans: async () => {
      const res = await request.get('/api/membership-plans');
      return ((await res.json()) as { plans: { id: string; name: string }[] }).plans;
    },
  };
}

/** Axe clean and nothing wider than the screen, at a phone's and a desktop's width. */
async function checkWidths(page: Page, where: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, { where: `${where} at ${width} px` });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
      `${where} fits ${width} px`,
    ).toBeLessThanOrEqual(0);
  }
}

test('staff build an audience, see its count, send now and follow it to the report', async ({
  page,
  request,
  baseURL,
}) => {
  // A send at the portal's pace, two widths of axe scans: slow on purpose.
  test.setTimeout(180_000);
  const api = await staffApi(request, baseURL!);
  const plans = await api.plans();
  const elite = plans.find((p) => p.name === 'Elite')!;
  // What the builder is about to choose, counted by the API: someone, and few enough to
  // go out in seconds.
  const chosen: Segment[] = [
    { kind: 'members', planIds: [elite.id], states: ['active'], role: 'primary' },
  ];
  const expected = await api.count(chosen);
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(40);

  const subject = `Spring newsletter ${unique()}`;
  // Newsletter subscribers only: the seed has none confirmed, so nobody yet.
  // Its sender chose to count clicks: the report lists its link.
  const campaign = await api.create(subject, [{ kind: 'subscribers' }], true);

  await signIn(page, accounts.admin);
  // The entry: the account menu, then the list.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Communications' }).click();
  await expect(page).toHaveURL(paths.communications.href());
  await expect(page.getByRole('heading', { name: 'Communications', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New message' })).toHaveAttribute(
    'href',
    '/admin/communications/new',
  );
  await expect(page.getByRole('link', { name: subject }).first()).toBeVisible();
  await checkWidths(page, 'the messages list');

  await page.getByRole('link', { name: subject }).first().click();
  await expect(page).toHaveURL(paths.campaign.href(campaign.id));
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(page.getByText('0 recipients')).toBeVisible();
  await expect(
    page.getByText('Unsubscribed and suppressed addresses and duplicates are removed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send now…' })).toBeDisabled();
  await expect(
    page.getByText('This audience reaches nobody: there is no one to send it to.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit message' }).first()).toHaveAttribute(
    'href',
    `/admin/communications/${campaign.id}/edit`,
  );

  // Members instead: the Elite plan's primary people of active memberships.
  await page.getByRole('button', { name: /Remove newsletter subscribers/ }).click();
  await expect(page.getByText('Add at least one group of recipients.')).toBeVisible();
  await page.getByRole('button', { name: 'Add members' }).click();
  await page.getByRole('checkbox', { name: 'Elite' }).check();
  await page.getByRole('checkbox', { name: 'In grace' }).uncheck();
  await page.getByLabel('People of each business').selectOption('primary');
  const count = expected === 1 ? '1 recipient' : `${expected} recipients`;
  await expect(page.getByText(count, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Among them: /)).toBeVisible();
  await expect(page.getByText('Save the audience before sending.')).toBeVisible();
  await checkWidths(page, 'a draft message with its audience builder');

  await page.getByRole('button', { name: 'Save audience' }).click();
  await expect(page.getByText('The audience has unsaved changes.')).toBeHidden();
  expect((await api.get(campaign.id)) as unknown).toMatchObject({
    audience: { segments: chosen },
  });

  const send = page.getByRole('button', { name: 'Send now…' });
  await expect(send).toBeEnabled();
  await send.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`goes to ${count}`);
  await expectNoAxeViolations(page, { where: 'the send confirmation' });
  const sentFrom = Date.now();
  await dialog.getByRole('button', { name: `Send to ${count}` }).click();

  // The page follows the send to its end: the progress, then the report.
  await expect(
    page.getByRole('progressbar').or(page.getByRole('heading', { name: 'Report' })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible({ timeout: 90_000 });
  const sentBox = page
    .getByLabel('Recipients by state')
    .locator('div')
    .filter({ has: page.getByText('Sent', { exact: true }) });
  await expect(sentBox).toContainText(String(expected));
  await expect(page.getByRole('link', { name: 'Edit message' })).toHaveCount(0);
  const engagement = page.getByRole('region', { name: 'Clicks and opens' });
  await expect(engagement.getByText(/Opens are not counted/)).toBeVisible();
  await expect(
    engagement.getByRole('table', { name: 'Clicks per link' }).getByRole('row', {
      name: new RegExp(PROGRAMME),
    }),
  ).toContainText('0');
  // A recipient follows the message's link: through the portal, to the stored address.
  const tracked = await fromOutbox(sentFrom, 'the sent message', (mail) =>
    mail.includes(subject) ? /\/api\/r\/k1\.[\w.-]+/.exec(mail)?.[0] : undefined,
  );
  const followed = await request.get(tracked, { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toBe(PROGRAMME);
  await page.reload();
  await expect(
    page
      .getByRole('table', { name: 'Clicks per link' })
      .getByRole('row', { name: new RegExp(PROGRAMME) }),
  ).toContainText('11');
  await checkWidths(page, 'a sent message’s report');

  const done = await api.get(campaign.id);
  expect(done.state).toBe('sent');
  expect(done.counts).toMatchObject({ sent: expected, total: expected, queued: 0 });

  // The list says it: sent of all.
  await page.getByRole('link', { name: 'All messages' }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText(`${expected} / ${expected}`);
});

test('staff pause, resume and cancel a message being sent', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const api = await staffApi(request, baseURL!);
  // Everyone of every member business: enough to be sending for a while at the pace.
  const everyone: Segment[] = [
    { kind: 'members', states: ['active', 'grace', 'lapsed', 'pending'], role: 'all' },
  ];
  expect(await api.count(everyone)).toBeGreaterThanOrEqual(15);
  const subject = `Road closures ${unique()}`;
  const campaign = await api.create(subject, everyone);

  await signIn(page, accounts.admin);
  // The admin dashboard's Communications tab lists it too.
  await page.goto(`${paths.admin.href()}?tab=communications`);
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page).toHaveURL(paths.campaign.href(campaign.id));
  const send = page.getByRole('button', { name: 'Send now…' });
  await expect(send).toBeEnabled();
  await send.click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Send to \d+ recipients$/ })
    .click();

  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused: nothing more goes out until it is resumed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await checkWidths(page, 'a paused message');
  expect((await api.get(campaign.id)).state).toBe('paused');

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect((await api.get(campaign.id)).state).toBe('sending');

  // Cancel asks first; the recipients not yet sent to are not sent to.
  await page.getByRole('button', { name: 'Cancel…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('not yet sent to will not get it');
  await dialog.getByRole('button', { name: 'Cancel the message' }).click();
  await expect(page.getByRole('heading', { name: 'Report' })).toBeVisible();
  await expect(
    page.getByText('Cancelled: the recipients not yet sent to did not get it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Pause|Resume|Cancel…/ })).toHaveCount(0);
  const after = await api.get(campaign.id);
  expect(after.state).toBe('cancelled');
  expect(after.counts.sent).toBeLessThan(after.counts.total);
});

test('members are refused the messages, on the page and by the API', async ({
  page,
  request,
  baseURL,
}) => {
  const memberHeaders = {
    Authorization: `Bearer ${await apiToken(request, baseURL!, accounts.member)}`,
  };
  expect((await request.get('/api/admin/campaigns', { headers: memberHeaders })).status()).toBe(
    403,
  );
  const audience = encodeURIComponent(JSON.stringify({ segments: [{ kind: 'subscribers' }] }));
  expect(
    (
      await request.get(`/api/admin/audiences/preview?audience=${audience}`, {
        headers: memberHeaders,
      })
    ).status(),
  ).toBe(403);

  await signIn(page, accounts.member);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Communications' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(paths.communications.href());
  await expect(page).toHaveURL(paths.home.href());
});
