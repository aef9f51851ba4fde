import type { Page } from '@playwright/test';
import { apiToken } from './admin-api';
import { expect, paths, type PutBack, signInThroughForm, storedToken } from './fixtures';

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
 * system's) and runs `body` with their listing as it was. Before that it registers with
 * `putBack` the save of what `restore` makes of that listing (the fields the test changes, as a
 * save takes them), so the other specs find the seed's listing whatever becomes of the test.
 */
export async function asEliteMember(
  page: Page,
  putBack: PutBack,
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
  putBack(async ({ request, baseURL }) => {
    const res = await request.put(`/api/members/${contactId}`, {
      headers: { Authorization: `Bearer ${await apiToken(request, baseURL, eliteMember)}` },
      data: restore(before),
    });
    expect(res.ok(), await res.text()).toBe(true);
  });
  await body({ contactId, before });
}
