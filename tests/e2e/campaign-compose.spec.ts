import { apiToken } from './admin-api';
import { accounts, expect, expectNoAxeViolations, paths, signIn, test } from './fixtures';
import { fromOutbox } from './outbox';

/** What the campaign API answers, as far as this spec reads it (no contract import here). */
interface Campaign {
  id: string;
  subject: string;
  state: string;
  content: string;
}

/** The preview frame holds the mail, not the page: its own markup is the template's. */
const previewFrame = 'iframe[title^="Preview of the message"]';

/**
 * Admin → Communications, writing a message: staff write it in the editor (a heading, a link,
 * a list, a block; the toolbar by keyboard), save it, preview it at a phone's width and send
 * themselves a test, which lands in the e2e server's outbox.
 */
for (const width of [1280, 360]) {
  test(`staff write, save, preview and test a message at ${width} px`, async ({
    page,
    request,
    baseURL,
  }) => {
    // An editor, two saves, a render and a mail on a shared machine.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, accounts.admin);
    await page.goto(paths.adminCampaignNew.href());
    await expect(page.getByRole('heading', { name: 'New message', level: 1 })).toBeVisible();

    const subject = `Spring news ${width} ${Date.now()}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Topic').selectOption('announcements');

    const editor = page.getByRole('textbox', { name: 'Message' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    await editor.click();
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('Spring at the chamber');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read about it on ');
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Link text').fill('our site');
    await linkDialog.getByLabel('Address').fill('example.org/spring');
    await linkDialog.getByRole('button', { name: 'Save the link' }).click();
    await expect(linkDialog).toBeHidden();
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Ribbon cuttings');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Mixers');
    await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // The toolbar by keyboard: focus its first button, End goes to the last (a block).
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).focus();
    await page.keyboard.press('End');
    await expect(toolbar.getByRole('button', { name: 'New members block' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(toolbar.getByRole('button', { name: 'Upcoming events block' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.locator('[data-block-view="upcoming-events"]')).toBeVisible();
    await expect(editor.getByRole('heading', { name: 'Spring at the chamber' })).toBeVisible();

    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, { where: `the new message at ${width} px` });

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/campaigns') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save the message' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as Campaign;
    // Saved, the page goes on to the campaign's own page (audience and sending).
    await expect(page).not.toHaveURL(paths.adminCampaignNew.href());

    // The campaign as stored: the editor's HTML, the block as its placeholder.
    const headers = { Authorization: `Bearer ${await apiToken(request, baseURL!)}` };
    const stored = (await (
      await request.get(`/api/admin/campaigns/${id}`, { headers })
    ).json()) as Campaign;
    expect(stored.subject).toBe(subject);
    expect(stored.state).toBe('draft');
    expect(stored.content).toContain('<h2>Spring at the chamber</h2>');
    expect(stored.content).toContain('<a href="https://example.org/spring">our site</a>');
    expect(stored.content).toContain(
      '<ul><li><p>Ribbon cuttings</p></li><li><p>Mixers</p></li></ul>',
    );
    expect(stored.content).toContain('<div data-block="upcoming-events"></div>');

    // Editing it: the preview at a phone's width, then its plain text.
    await page.goto(paths.adminCampaignEdit.href(id));
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(editor.getByRole('link', { name: 'our site' })).toBeVisible();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const frame = page.locator(previewFrame);
    await expect(frame).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Phone (375 px)' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect((await frame.boundingBox())!.width).toBeCloseTo(375, 0);
    await expect(
      page.frameLocator(previewFrame).getByRole('heading', { name: 'Spring at the chamber' }),
    ).toBeVisible();
    await expect(
      page.frameLocator(previewFrame).getByRole('link', { name: 'our site' }),
    ).toHaveAttribute('href', 'https://example.org/spring');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, {
      where: `the preview at ${width} px`,
      exclude: [previewFrame],
    });
    await page.getByRole('radio', { name: 'Desktop (700 px)' }).click();
    await expect(frame).toHaveAttribute('width', '700');
    await page.getByRole('tab', { name: 'Plain text' }).click();
    const text = page.getByLabel('Plain-text part');
    await expect(text).toContainText('Spring at the chamber');
    await expect(text).toContainText('Unsubscribe: ');

    // A test to the signed-in staff member, in the outbox.
    const since = Date.now() - 1_000;
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test sent to' })).toHaveText(
      `Test sent to ${accounts.admin.email}`,
    );
    const mail = await fromOutbox(since, 'the test message', (m) =>
      m.includes(subject) && m.includes(`To: ${accounts.admin.email}`) ? m : undefined,
    );
    expect(mail).toContain('[Test]');
    expect(mail).toContain('Spring at the chamber');
  });
}
