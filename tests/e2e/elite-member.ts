import type { Page } from '@playwright/test';
import { expect, paths, signInThroughForm, storedToken } from './fixtures';

/** The seed's elite member with a sign-in (apps/server/src/seed/demo-data.ts). */
export const eliteMember = {
  email: 'tom@redwoodhardware.example',
  password: 'Chamber-Member-2026',
  business: 'Redwood Hardware & Supply',
};

/** Calls the API as the member signed in on `page`. */
export async function callApi<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const token = await storedToken(page);
  return page.evaluate(
    async ({ method, url, body, token }) => {
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { method, url, body, token: token.local ?? token.session },
  );
}

type Listing = {
  gallery: { url: string; caption: string }[];
  socialLinks: { url: string }[];
};

/**
 * Signs the seed's elite member in through the form (light theme, the page following the
 * system's), runs `body` with their listing as it was, and then saves back what `restore`
 * makes of that listing (the fields the test changes, as a save takes them), pass or fail, so
 * the other specs find the seed's listing.
 */
export async function asEliteMember(
  page: Page,
  restore: (before: Listing) => object,
  body: (member: { contactId: string; before: Listing }) => Promise<void>,
) {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => {
    if (window === window.top) localStorage.setItem('vite-ui-theme', 'system');
  });
  await page.goto(paths.login.href());
  await signInThroughForm(page, eliteMember);
  await expect(page).toHaveURL(paths.home.href());
  const { contactId } = await callApi<{ contactId: string }>(page, 'GET', '/api/auth/profile');
  const before = await callApi<Listing>(page, 'GET', `/api/members/${contactId}`);
  try {
    await body({ contactId, before });
  } finally {
    await callApi(page, 'PUT', `/api/members/${contactId}`, restore(before));
  }
}
