import type { Page } from '@playwright/test';
import { expect, paths, test } from './fixtures';
import {
  chamber,
  mailContaining,
  publicRoutes,
  siteDescription,
  stubMaps,
  useTheme,
} from './public-site-helpers';

for (const theme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    test(`every public page shows its content at ${width} px in the ${theme} theme`, async ({
      page,
    }) => {
      test.slow(); // Sixteen pages.
      await page.setViewportSize({ width, height: 800 });
      await useTheme(page, theme);
      await stubMaps(page);

      for (const route of publicRoutes) {
        await page.goto(route.path);
        const main = page.getByRole('main');
        await expect(page.getByRole('heading', { level: 1, name: route.h1 })).toBeVisible();
        await expect(page).toHaveTitle(route.h1 === chamber ? chamber : `${route.h1} | ${chamber}`);
        for (const name of route.headings ?? []) {
          await expect(main.getByRole('heading', { name, exact: true })).toBeVisible();
        }
        for (const text of route.texts ?? []) {
          const match =
            typeof text === 'string' ? main.getByText(text, { exact: true }) : main.getByText(text);
          await expect(match.filter({ visible: true }).first()).toBeVisible();
        }
        // Each page describes itself to search engines and link previews.
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description, route.path).not.toBe(siteDescription);
        expect(description?.length, route.path).toBeGreaterThan(20);
        await expect(page.locator('html')).toHaveClass(theme);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${route.path} scrolls sideways`).toBeLessThanOrEqual(width);
      }
    });
  }
}

test('the home table and cards lead to the three levels', async ({ page }) => {
  await page.goto(paths.home.href());
  for (const [tier, href] of [
    ['Basic', paths.basicMembership.href()],
    ['Enhanced', paths.enhancedMembership.href()],
    ['Elite', paths.eliteMembership.href()],
  ] as const) {
    await expect(page.getByRole('link', { name: `Choose ${tier}` })).toHaveAttribute('href', href);
    await expect(
      page.getByRole('link', { name: new RegExp(`^Become an? ${tier} member$`) }),
    ).toHaveAttribute('href', href);
  }
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await expect(carousel.getByRole('link', { name: 'Join Now!' })).toHaveAttribute(
    'href',
    paths.join.href(),
  );
  await page.getByRole('link', { name: 'Choose Elite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elite Membership' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to About the chamber' }).click();
  await expect(page).toHaveURL(paths.about.href());
});

/** The slide on show, by its "N of M" label. */
const currentSlide = (page: Page) =>
  page
    .getByRole('region', { name: 'Highlights' })
    .locator('[aria-roledescription="slide"]:not([inert])');

async function slideNumber(page: Page) {
  const label = (await currentSlide(page).getAttribute('aria-label')) ?? '';
  const [n, of] = label.split(' of ').map(Number);
  return { n: n!, of: of! };
}

test('the carousel advances every 5 s, pauses on hover and stops after a click', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await page.goto(paths.home.href());
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  // The seeded month of events gives the main slide, 3 events and the 3 levels.
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(7);
  await expect(carousel.getByText('UPCOMING EVENT').first()).toBeAttached();
  await expect(carousel.getByRole('button', { name: 'Pause slide show' })).toBeVisible();

  // From here time moves only when the test says so.
  await page.mouse.move(5, 5);
  // A margin the page's clock cannot pass while the call travels (pausing in the past throws);
  // the slide timer is 5 s, and the slide is read after the pause.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const start = await slideNumber(page);
  const after = (steps: number) => `${((start.n - 1 + steps) % start.of) + 1} of ${start.of}`;

  await page.clock.runFor(5_100);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', after(1));

  // Hovering holds it...
  await carousel.hover();
  await page.clock.runFor(12_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', after(1));
  // ...and leaving lets it go on.
  await page.mouse.move(5, 5);
  await page.clock.runFor(5_100);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', after(2));

  // A click stops it for good.
  await carousel.getByRole('button', { name: 'Next slide' }).click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', after(3));
  await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeVisible();
  await page.mouse.move(5, 5);
  await page.clock.runFor(15_000);
  await expect(currentSlide(page)).toHaveAttribute('aria-label', after(3));
});

test('with reduced motion the carousel waits for the visitor', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(paths.home.href());
  const carousel = page.getByRole('region', { name: 'Highlights' });
  await expect(carousel.getByRole('button', { name: 'Play slide show' })).toBeVisible();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', /^1 of/);
  await carousel.getByRole('button', { name: /^Show slide 5 of/ }).click();
  await expect(currentSlide(page)).toHaveAttribute('aria-label', /^5 of/);
});

// The server takes 5 form posts an hour from one address across every spec: two here.
test('the contact form sends a message to the chamber office', async ({ page }) => {
  const since = Date.now();
  const ref = since.toString(36);
  // The form was "shown" 10 s ago, so the server's fill-time check passes without waiting.
  await page.clock.install({ time: new Date(Date.now() - 10_000) });
  await stubMaps(page);
  await page.goto(paths.contact.href());

  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Your name').fill('Hannah Price');
  await form.getByLabel('Email').fill(`hannah.${ref}@brightpath.example`);
  await form.getByLabel('Phone (optional)').fill('(801) 555-0177');
  await form
    .getByLabel('How can we help?')
    .fill('Is there still room for a booth at the Fall Festival?');
  await form.getByRole('button', { name: 'Send message' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Message sent' });
  await expect(done).toContainText('Thank you for your message. We will get back to you soon.');
  await expect(done).toBeFocused();
  const mail = await mailContaining(`hannah.${ref}@`, since);
  expect(mail).toMatch(/Reply-To: .*hannah\./i);
});

test('a Customer Service Superstar nomination reaches the chamber', async ({ page }) => {
  const since = Date.now();
  const ref = since.toString(36);
  await page.clock.install({ time: new Date(Date.now() - 10_000) });
  await page.goto(paths.nominations.href());

  await page.getByRole('tab', { name: 'Customer Service Superstar' }).click();
  const form = page.getByRole('form', { name: 'Customer Service Superstar nomination' });
  await form.getByLabel('Person you are nominating').fill('Jo Ortega');
  await form.getByLabel('Where do they work? (optional)').fill('Redwood Hardware & Supply');
  await form
    .getByLabel('How did they go above and beyond?')
    .fill('Came in on a Sunday to fix our walk-in cooler before a catering order.');
  await form.getByLabel('Your name').fill('Maria Delgado');
  await form.getByLabel('Email').fill(`maria.${ref}@sweetwaterbakery.example`);
  await form.getByRole('button', { name: 'Nominate this person' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Nomination received' })).toContainText(
    'Thank you for your nomination!',
  );
  // Found by the sender's address: headers are never wrapped as a long body line may be.
  const mail = await mailContaining(`maria.${ref}@`, since);
  expect(mail).toContain('Customer Service Superstar nomination');
});

test('the web app manifest and icons are served', async ({ request, page }) => {
  await page.goto(paths.home.href());
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /viewport-fit=cover/,
  );
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
});
