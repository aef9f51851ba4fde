import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, apiToken } from './admin-api';
import { accounts, expect, paths, signInThroughForm, test } from './fixtures';
import { putBackMember } from './seeded';

// A phone: every place that shows what people typed must wrap a long unbroken word or link.
test.use({ viewport: { width: 360, height: 740 } });

/** A 200-character web address without a space or a hyphen to break at. */
const longAddress = (tag: string) => {
  const start = `https://www.example.com/${tag}/`;
  return start + 'x'.repeat(200 - start.length);
};

/**
 * No horizontal scrolling, and every line of text holding `marker` that starts on screen ends
 * on screen: a card that clips the text (overflow hidden) fails as much as a page that scrolls.
 */
async function expectNoOverflow(page: Page, marker: string, where: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `page width of ${where}`).toBeLessThanOrEqual(360);
  const cut = await page.evaluate((text) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes(text)) continue;
      const parent = node.parentElement;
      if (!parent?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(parent);
      // Text for screen readers only is clipped to a pixel on purpose.
      if (style.position === 'absolute' && (style.clip !== 'auto' || style.clipPath !== 'none'))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // Text cut short with an ellipsis is as wide as its box, which must fit.
      const rects =
        style.textOverflow === 'ellipsis'
          ? [parent.getBoundingClientRect()]
          : Array.from(range.getClientRects());
      for (const rect of rects) {
        if (rect.width === 0 || rect.left >= window.innerWidth) continue;
        if (rect.right > window.innerWidth + 1) {
          found.push(`${parent.tagName}.${parent.className}: right ${Math.round(rect.right)}`);
        }
      }
    }
    return found;
  }, marker);
  expect.soft(cut, `text cut or sticking out on ${where}`).toEqual([]);
}

async function contactIdOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/auth/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { contactId: string }).contactId;
}

test('a 200-character address in every user-text field wraps on each page at 360 px', async ({
  page,
  request,
  baseURL,
  putBack,
}) => {
  // Eleven pages, two sign-ins.
  test.slow();
  // Maria is the seed's member, whom other specs read: her listing and login go back as seeded.
  putBack(putBackMember(accounts.member.email));
  const admin = await adminApi(request, baseURL!);
  const adminHeaders = { Authorization: `Bearer ${await apiToken(request, baseURL!)}` };
  const memberToken = await apiToken(request, baseURL!, accounts.member);
  const memberHeaders = { Authorization: `Bearer ${memberToken}` };
  const contactId = await contactIdOf(request, memberToken);
  const maria = await admin.find(accounts.member.email);

  // Every text field of the member's listing (elite shows them all) and of an event.
  const marker = 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
  await admin.update(maria, { membershipTier: 'elite', website: longAddress('site') });
  const saved = await request.put(`/api/members/${contactId}`, {
    headers: adminHeaders,
    data: {
      businessName: longAddress('business'),
      companyName: longAddress('company'),
      tagline: longAddress('tagline'),
      bio: `See ${longAddress('bio')} for our menu.`,
      website: longAddress('website'),
      address1: longAddress('street'),
      city: longAddress('city').slice(0, 100),
      postalCode: 'x'.repeat(20),
      phone: 'x'.repeat(40),
      couponCodes: ['X'.repeat(40), `x${'x'.repeat(39)}`],
      specialties: [`x${'x'.repeat(59)}`],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const start = new Date(Date.now() + 2 * 3_600_000);
  const created = await request.post('/api/calendars/appointments', {
    headers: memberHeaders,
    data: {
      title: longAddress('title'),
      description: `Details at ${longAddress('description')}\nSecond line ${longAddress('line')}`,
      calendarNotes: `Parking: ${longAddress('notes')}`,
      location: `${longAddress('location')}, Riverton, UT`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      pageUrl: longAddress('page'),
      downloadFileUrl: longAddress('download'),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const event = (await created.json()) as { id: string };
  putBack(({ request }) =>
    request.delete(`/api/calendars/appointments/${event.id}`, { headers: memberHeaders }),
  );

  // A job post of the member's business, on the board: the home page, the board and its page.
  const posted = await request.post('/api/job-posts', {
    headers: memberHeaders,
    data: {
      title: `https://jobs.example.com/${'x'.repeat(95)}`,
      description: `Apply at ${longAddress('job')}\nOr read ${longAddress('about')}`,
      employmentType: 'full_time',
      workplace: 'on_site',
      applyTo: longAddress('apply'),
    },
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const job = (await posted.json()) as { id: string };
  putBack(({ request }) => request.delete(`/api/job-posts/${job.id}`, { headers: adminHeaders }));
  const submitted = await request.post(`/api/job-posts/${job.id}/submit`, {
    headers: memberHeaders,
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  if (((await submitted.json()) as { status: string }).status !== 'approved') {
    const approved = await request.post(`/api/admin/job-posts/${job.id}/approve`, {
      headers: adminHeaders,
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }

  // Visitors.
  await page.goto(paths.event.href(event.id));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(marker);
  await expectNoOverflow(page, marker, 'the event page');

  await page.goto(paths.calendar.href());
  const upcoming = page.getByRole('link', { name: new RegExp(marker) }).first();
  await expect(upcoming).toBeVisible();
  await expectNoOverflow(page, marker, 'the calendar');

  // The deals page lists every deal (the home page shows only the newest, and which are
  // newest depends on what earlier specs touched last).
  await page.goto(paths.deals.href());
  await expect(
    page.getByRole('list', { name: 'Member deals' }).getByText(marker).first(),
  ).toBeVisible();
  await expectNoOverflow(page, marker, 'the deals page');

  await page.goto(paths.home.href());
  // The newest jobs come after the page: wait for the member's.
  await expect(
    page.getByRole('list', { name: 'Newest job postings' }).getByRole('link', {
      name: /jobs\.example\.com/,
    }),
  ).toBeVisible();
  await expectNoOverflow(page, marker, 'the home page');

  await page.goto(paths.member.href(contactId));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(marker);
  await expectNoOverflow(page, marker, 'the member page');

  await page.goto(paths.jobPostings.href());
  await expect(page.getByRole('link', { name: /jobs\.example\.com/ })).toBeVisible();
  await expectNoOverflow(page, marker, 'the job board');

  await page.goto(paths.jobPosting.href(job.id));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('jobs.example.com');
  await expectNoOverflow(page, marker, 'the job posting');

  await page.goto(paths.members.href());
  await page.getByLabel('Search members').fill(longAddress('business').slice(0, 90));
  const card = page.getByRole('list', { name: 'Members' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expectNoOverflow(page, marker, 'the directory');

  // The member, signed in.
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.member);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.profile.href());
  await expect(page.getByRole('heading', { level: 2, name: /business/ })).toContainText(marker);
  await expectNoOverflow(page, marker, 'the profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Bio/About')).toBeVisible();
  await expectNoOverflow(page, marker, 'the profile editor');

  await page.goto(paths.member.href(contactId));
  await expect(page.getByText('Your Profile')).toBeVisible();
  await expectNoOverflow(page, marker, 'the own member page');

  // Staff see the login's website in the user list.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL(paths.home.href());
  await page.goto(paths.admin.href());
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByLabel('Search users').fill(accounts.member.email);
  // The business, with the login's role in it: 'https://…/business/xxx (Primary contact)'.
  await expect(
    page
      .getByText(/^https:\/\/www\.example\.com\/business\/x+ \(Primary contact\)$/)
      .filter({ visible: true }),
  ).toBeVisible();
  await expectNoOverflow(page, marker, 'the user list');
});
