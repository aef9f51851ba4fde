import type { Page, Response } from '@playwright/test';
import { expect, expectNoAxeViolations, hydrated, paths, test } from './fixtures';

/** The part of GET /api/members's answer these tests read. */
interface MemberList {
  members: {
    businessName: string | null;
    name: string;
    location: { lat: number; lng: number } | null;
  }[];
  total: number;
}

const inViewAnswer = (page: Page, except?: string) =>
  page.waitForResponse((res: Response) => {
    const bounds = new URL(res.url()).searchParams.get('bounds');
    return res.url().includes('/api/members?') && bounds !== null && bounds !== except && res.ok();
  });

const boundsOf = (res: Response) => new URL(res.url()).searchParams.get('bounds')!;

/** The list shows the answer for the map's view: its first page of businesses, in order. */
async function expectListFollows(page: Page, answer: Response) {
  const { members, total } = (await answer.json()) as MemberList;
  expect(members.length).toBeGreaterThan(0);
  const list = page.getByRole('list', { name: 'Members' });
  const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(list.locator(':scope > li')).toHaveText(
    members.map((m) => escaped(m.businessName ?? m.name)),
  );
  await expect(page.getByRole('status').first()).toContainText(`Showing ${members.length} of`);
  return { members, total };
}

for (const { width, height, scheme } of [
  { width: 360, height: 800, scheme: 'light' as const },
  { width: 1280, height: 900, scheme: 'dark' as const },
]) {
  test(`the directory's map at ${width} px (${scheme}): pan, and the list follows`, async ({
    page,
  }) => {
    test.slow(); // Tiles, several list answers, an axe scan.
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const leaflet: string[] = [];
    page.on('request', (req) => {
      if (/leaflet|directory-map/i.test(req.url())) leaflet.push(req.url());
    });
    await page.goto(paths.members.href());
    const mapButton = page.getByRole('button', { name: 'Map', exact: true });
    await hydrated(mapButton);
    // The map's code is not part of the directory's first load.
    expect(leaflet).toEqual([]);

    const first = inViewAnswer(page);
    await mapButton.click();
    await expect(mapButton).toHaveAttribute('aria-pressed', 'true');
    const map = page.getByRole('region', { name: 'Map of member businesses' });
    await expect(map).toBeVisible();
    expect(leaflet.length).toBeGreaterThan(0);
    // The tiles come from the configured (local) tile server, with their attribution.
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    await expect(map.getByRole('link', { name: '© OpenStreetMap contributors' })).toBeVisible();
    const opened = await first;
    const { members } = await expectListFollows(page, opened);

    // Markers are buttons named by their business, in the tab order.
    const pins = map.locator('.directory-map-pin');
    await expect(pins.first()).toBeVisible();
    const named = await pins.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) {
      expect(members.map((m) => m.businessName ?? m.name)).toContain(name);
    }
    await expect(pins.first()).toHaveAttribute('tabindex', '0');
    await expect(pins.first()).toHaveAttribute('role', 'button');
    await expectNoAxeViolations(page);

    // Zoom in (the map's own button), then drag the map: each view sends its bounds, and the
    // list shows what is in it.
    let last = boundsOf(opened);
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 2; i += 1) {
      const zoomed = inViewAnswer(page, last);
      await zoomIn.click();
      last = boundsOf(await zoomed);
    }
    const box = (await map.boundingBox())!;
    const panned = inViewAnswer(page, last);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    const afterPan = await panned;
    expect(boundsOf(afterPan)).not.toBe(boundsOf(opened));
    const [west, south, east, north] = boundsOf(afterPan).split(',').map(Number) as number[];
    const inView = (await afterPan.json()) as MemberList;
    for (const m of inView.members) {
      expect(m.location!.lat).toBeGreaterThanOrEqual(south!);
      expect(m.location!.lat).toBeLessThanOrEqual(north!);
      expect(m.location!.lng).toBeGreaterThanOrEqual(west!);
      expect(m.location!.lng).toBeLessThanOrEqual(east!);
    }
    if (inView.members.length > 0) await expectListFollows(page, afterPan);
    else await expect(page.getByText('No members found')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // A marker opens its business's page from the keyboard.
    const pin = pins.first();
    if ((await pin.count()) > 0) {
      const name = (await pin.getAttribute('aria-label'))!;
      await pin.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    }
  });
}

test('without scripts the directory lists members and offers no map', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(paths.members.href());
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveCount(0);
  await context.close();
});
