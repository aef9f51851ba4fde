import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { e2eDataDir, expect, paths } from './fixtures';

/** The public pages and what each must show, for the public-site spec. */
export const chamber = 'Riverton Area Chamber of Commerce';
export const siteDescription =
  'Events, member directory and membership for our chamber of commerce.';

export interface PublicRoute {
  path: string;
  /** The level-1 heading, which the document title starts with. */
  h1: string;
  /** Headings and text that must show (a string matches a whole element's text). */
  headings?: string[];
  texts?: (string | RegExp)[];
}

export const publicRoutes: PublicRoute[] = [
  {
    path: paths.home.href(),
    h1: chamber,
    headings: [
      'Why Join The Chamber ?',
      `Start Your ${chamber} Membership Today`,
      'New Member Benefits',
      'Membership prices',
    ],
    texts: ['Most Popular', /^\$300\s*\/ year$/, /^\$550\s*\/ year$/, /^\$900\s*\/ year$/],
  },
  { path: paths.join.href(), h1: 'Join the Chamber', headings: ['New Member Benefits'] },
  {
    path: paths.basicMembership.href(),
    h1: 'Basic Membership',
    headings: ['Every membership includes', 'Sign up for Basic'],
    texts: [/^\$300\s*\/ year$/, 'Discounted education courses, offered quarterly'],
  },
  {
    path: paths.enhancedMembership.href(),
    h1: 'Enhanced Membership',
    headings: ['Enhanced adds', 'Everything in Basic', 'Sign up for Enhanced'],
    texts: [/^\$550\s*\/ year$/, 'One free luncheon ticket per month (not the Annual Dinner)'],
  },
  {
    path: paths.eliteMembership.href(),
    h1: 'Elite Membership',
    headings: ['Elite adds', 'Everything in Enhanced', 'Everything in Basic'],
    texts: [/^\$900\s*\/ year$/, 'A yearly radio spotlight'],
  },
  {
    path: paths.nominations.href(),
    h1: 'Nominations and Awards',
    headings: [
      '2024 Award Winners',
      '2024 Business of the Year',
      '2024 Customer Service Superstar',
      'Nominate a Business of the Month',
    ],
    texts: ['Redwood Hardware & Supply'],
  },
  {
    path: paths.about.href(),
    h1: `About the ${chamber}`,
    headings: ['Our mission', 'Our vision', 'What membership brings'],
  },
  {
    path: paths.contact.href(),
    h1: 'Contact Us',
    headings: ['Chamber office', 'Send us a message'],
    texts: ['Office phone', '(801) 555-0142', '12830 S Redwood Rd'],
  },
  {
    path: paths.privacy.href(),
    h1: 'Privacy Policy',
    headings: ['9. Children', '5. Cookies and browser storage'],
    texts: ['Effective October 1, 2025', 'pkce_code_verifier'],
  },
  {
    path: paths.terms.href(),
    h1: 'Terms of Service',
    headings: ['10. Governing law and changes'],
    texts: ['Effective October 1, 2025'],
  },
  { path: paths.jobPostings.href(), h1: 'Job Postings' },
  { path: paths.calendar.href(), h1: 'Event Calendar', headings: ['Upcoming Events'] },
  { path: paths.members.href(), h1: 'Member Directory' },
  { path: paths.login.href(), h1: 'Sign in' },
  { path: paths.register.href(), h1: 'Create an Account' },
  { path: paths.registerExisting.href(), h1: 'Connect Your Membership' },
];

/** The theme, set in the top document only (the map frame's page may not use storage). */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => {
    if (window === window.top) localStorage.setItem('vite-ui-theme', value);
  }, theme);
}

/** Google's map frame is a stand-in: the tests run offline and it is not our page. */
export async function stubMaps(page: Page) {
  await page.route('https://www.google.com/maps**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Map</title><p>Map</p></html>',
    }),
  );
}

/** The newest mail in the e2e server's outbox that contains `text`. */
export async function mailContaining(text: string, since: number) {
  const outbox = path.join(e2eDataDir, 'outbox');
  let mail = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const full = path.join(outbox, file);
          if ((await stat(full)).mtimeMs < since) continue;
          const raw = await readFile(full, 'utf8');
          if (raw.includes(text)) mail = raw;
        }
        return mail !== '';
      },
      { message: `a mail containing ${text}`, timeout: 10_000 },
    )
    .toBe(true);
  return mail;
}
