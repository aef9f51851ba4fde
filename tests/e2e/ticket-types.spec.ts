import { createEventThroughApi, expectFitsAndAccessible } from './event-setup';
import { accounts, docsScreenshot, expect, paths, signInThroughForm, test } from './fixtures';

// Ticket types: staff add a table of 8 and single seats on the event's page at 1280 px, a
// refusal of the server shows in the dialog, and a visitor sees the types at 360 px.

test('staff add ticket types on the event page and a visitor sees them at 360 px', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // Two browsers and several dialogs.
  const title = `Awards Dinner ${Date.now().toString(36)}`;
  const event = await createEventThroughApi(request, baseURL!, { title, capacity: 20 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paths.login.href());
  await signInThroughForm(page, accounts.admin, { remember: true });
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(paths.event.href(event.id));
  const card = page.getByRole('region', { name: 'Tickets' });
  await expect(card).toContainText('No ticket types');

  // A table bigger than the hall: the server's reason shows in the dialog.
  await card.getByRole('button', { name: 'Add ticket type' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add ticket type' });
  await dialog.getByLabel('Name*').fill('Table of 30');
  await dialog.getByLabel('Seats per ticket').fill('30');
  await dialog.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "A ticket of 30 seats does not fit the event's capacity of 20.",
  );
  await expectFitsAndAccessible(page, 'the ticket type dialog', 1280);

  // The table of 8, typed and sent from the keyboard.
  await dialog.getByLabel('Name*').fill('Table of 8');
  await dialog.getByLabel('Member price ($)').fill('560');
  await dialog.getByLabel('Visitor price ($)').fill('760');
  await dialog.getByLabel('Seats per ticket').fill('8');
  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByLabel('Per-order limit').fill('2');
  await dialog.getByLabel('Per-order limit').press('Enter');
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Add ticket type' }).click();
  dialog = page.getByRole('dialog', { name: 'Add ticket type' });
  await dialog.getByLabel('Name*').fill('Single seat');
  await dialog.getByLabel('Member price ($)').fill('75');
  await dialog.getByLabel('Visitor price ($)').fill('100');
  await dialog.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(dialog).toBeHidden();

  const types = card.getByRole('list', { name: 'Ticket types' }).getByRole('listitem');
  await expect(types).toHaveCount(2);
  // 20 seats: two tables of 8 fit, not three.
  await expect(types.nth(0)).toContainText('Table of 8');
  await expect(types.nth(0)).toContainText('8 seats a ticket · 2 left');
  await expect(types.nth(0)).toContainText('0 sold of 3; up to 2 an order');
  await expect(types.nth(1)).toContainText('Single seat');
  await expectFitsAndAccessible(page, 'the Tickets card for staff', 1280);
  await docsScreenshot(card, 'ticket-types-staff');

  // Staff change the single seat's price, then delete it.
  await card.getByRole('button', { name: 'Edit Single seat' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit ticket type' });
  await expect(dialog.getByLabel('Visitor price ($)')).toHaveValue('100.00');
  await dialog.getByLabel('Visitor price ($)').fill('110');
  await dialog.getByRole('button', { name: 'Save ticket type' }).click();
  await expect(dialog).toBeHidden();
  await card.getByRole('button', { name: 'Delete Single seat' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete ticket type' }).click();
  await expect(types).toHaveCount(1);
  // Its buttons went with it: focus lands on 'Add ticket type', not on the page's top.
  await expect(card.getByRole('button', { name: 'Add ticket type' })).toBeFocused();

  // A visitor on a phone sees the visitor price and what is left, and no staff buttons.
  const visitor = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await visitor.newPage();
  await phone.goto(paths.event.href(event.id));
  const seen = phone.getByRole('region', { name: 'Tickets' });
  await expect(seen.getByRole('listitem')).toHaveCount(1);
  await expect(seen).toContainText('Table of 8');
  await expect(seen).toContainText('$760.00 · 8 seats a ticket · 2 left');
  await expect(seen.getByRole('button')).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await phone.emulateMedia({ colorScheme: scheme });
    await expectFitsAndAccessible(phone, `the Tickets card at 360 px, ${scheme}`, 360);
  }
  await phone.screenshot({ path: test.info().outputPath('ticket-types-360.png'), fullPage: true });
  await visitor.close();

  // Staff's dialog on a phone, dark: it fits, scrolls within the screen, and Escape closes it.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await card.getByRole('button', { name: 'Edit Table of 8' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit ticket type' });
  await expect(dialog.getByLabel('Seats per ticket')).toHaveValue('8');
  await expectFitsAndAccessible(page, 'the ticket type dialog at 360 px, dark', 360);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: 'Edit Table of 8' })).toBeFocused();
});
