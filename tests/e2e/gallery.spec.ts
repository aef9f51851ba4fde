import { asEliteMember, eliteMember } from './elite-member';
import { embeddedMap, expect, expectNoAxeViolations, paths, test } from './fixtures';
import { png } from './images';

const { business } = eliteMember;

test('an elite member adds, captions and reorders gallery images; the member page shows them in a keyboard lightbox', async ({
  page,
  putBack,
}) => {
  test.slow(); // Two uploads, a save, a lightbox and eight axe scans.
  // The demo member's gallery is put back as the seed left it, for the other specs.
  await asEliteMember(
    page,
    putBack,
    ({ gallery }) => ({ gallery }),
    async ({ contactId, before }) => {
      const seeded = before.gallery.length;
      expect(seeded).toBeGreaterThan(0);
      expect(seeded).toBeLessThanOrEqual(10);

      await page.goto(paths.profile.href());
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const editor = page.getByRole('group', { name: 'Image gallery' });
      const rows = editor.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
      await expect(rows).toHaveCount(seeded);

      // Two uploads, each checked and stored at once, shown on the page after Save.
      for (const [i, colour] of [
        [1, [200, 40, 40]],
        [2, [40, 80, 200]],
      ] as const) {
        const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload-gallery-image'));
        await editor.locator('input[type="file"]').setInputFiles({
          name: `sample-${i}.png`,
          mimeType: 'image/png',
          buffer: png([...colour]),
        });
        expect((await uploaded).status()).toBe(201);
        await expect(rows).toHaveCount(seeded + i);
      }
      const red = seeded + 1;
      const blue = seeded + 2;
      await editor.getByLabel(`Caption for image ${red}`).fill('Red paint sample');
      await editor.getByLabel(`Caption for image ${blue}`).fill('Blue paint sample');

      // Reorder by keyboard: the focus follows the image to its new place.
      await editor.getByRole('button', { name: `Move image ${blue} up` }).focus();
      await page.keyboard.press('Enter');
      await expect(editor.getByLabel(`Caption for image ${red}`)).toHaveValue('Blue paint sample');
      await expect(editor.getByLabel(`Caption for image ${blue}`)).toHaveValue('Red paint sample');
      await expect(editor.getByRole('button', { name: `Move image ${red} up` })).toBeFocused();
      await expectNoAxeViolations(page, { exclude: [embeddedMap] });
      await editor.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('gallery-editor-1280.png') });

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();

      // The member page: the grid in the saved order.
      await page.goto(paths.member.href(contactId));
      await expect(page.getByRole('heading', { level: 1, name: business })).toBeVisible();
      const thumbs = page.getByRole('list', { name: `${business} gallery` }).getByRole('button');
      await expect(thumbs).toHaveCount(blue);
      await expect(thumbs.nth(red - 1)).toHaveAccessibleName('Blue paint sample');
      await expect(thumbs.nth(blue - 1)).toHaveAccessibleName('Red paint sample');

      // The lightbox, by keyboard only.
      await thumbs.nth(red - 1).focus();
      await page.keyboard.press('Enter');
      const lightbox = page.getByRole('dialog');
      await expect(lightbox).toBeVisible();
      await expect(lightbox.getByRole('heading', { name: 'Blue paint sample' })).toBeVisible();
      await expect(lightbox.getByText(`Image ${red} of ${blue}`)).toBeVisible();
      await expect(lightbox.getByRole('img', { name: 'Blue paint sample' })).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(lightbox.getByRole('heading', { name: 'Red paint sample' })).toBeVisible();
      await page.keyboard.press('ArrowRight'); // past the last: back to the first
      await expect(lightbox.getByText(`Image 1 of ${blue}`)).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(lightbox.getByText(`Image ${blue} of ${blue}`)).toBeVisible();
      await lightbox.getByRole('button', { name: 'Previous image' }).click();
      await expect(lightbox.getByRole('heading', { name: 'Blue paint sample' })).toBeVisible();
      await page.keyboard.press('ArrowRight');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoAxeViolations(page, { exclude: [embeddedMap] });
      }
      await page.screenshot({ path: test.info().outputPath('gallery-lightbox-1280.png') });
      await page.keyboard.press('Escape');
      await expect(lightbox).toBeHidden();
      // Back to the thumbnail of the picture last shown.
      await expect(thumbs.nth(blue - 1)).toBeFocused();

      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await expect(page.locator('html')).toHaveClass(scheme);
          await expectNoAxeViolations(page, { exclude: [embeddedMap] });
          if (width === 360) {
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
            ).toBeLessThanOrEqual(360);
          }
        }
        await page.getByRole('heading', { name: 'Gallery' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: test.info().outputPath(`gallery-${width}.png`) });
        if (width === 360) {
          await thumbs.first().click();
          await expect(lightbox).toBeVisible();
          // The picture and its buttons fit the dialog: nothing to scroll sideways.
          expect(await lightbox.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
          await expectNoAxeViolations(page, { exclude: [embeddedMap] });
          await page.screenshot({ path: test.info().outputPath('gallery-lightbox-360.png') });
          await lightbox.getByRole('button', { name: 'Close' }).click();
          await expect(thumbs.first()).toBeFocused();
        }
      }
    },
  );
});
