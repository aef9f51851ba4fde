import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.js';

/**
 * The module a URL's first segment names (ARCHITECTURE.md, "The modules"): a newcomer given
 * a URL finds its handler by the path alone.
 */
const homes: Record<string, string> = {
  auth: 'auth',
  admin: 'admin',
  members: 'members',
  categories: 'members',
  deals: 'deals',
  calendars: 'calendars',
  registrations: 'registrations',
  medias: 'media',
  media: 'media',
  locations: 'chamber',
  config: 'site',
  site: 'site',
  membership: 'memberships',
  'membership-plans': 'memberships',
  billing: 'billing',
  payments: 'billing',
  stripe: 'billing',
  'job-posts': 'jobs',
  celebrations: 'celebrations',
  account: 'account',
};
/**
 * The staff side of a feature lives with the feature: /admin/<name> (and the exports named
 * after it) belong to the module below; every other /admin URL to the admin module.
 */
const adminHomes: Record<string, string> = {
  memberships: 'memberships',
  'membership-plans': 'memberships',
  'membership-settings': 'memberships',
  'memberships.csv': 'memberships',
  invoices: 'billing',
  payments: 'billing',
  'payments.csv': 'billing',
  'job-posts': 'jobs',
  'job-settings': 'jobs',
  categories: 'members',
  celebrations: 'celebrations',
  'celebration-settings': 'celebrations',
  'celebration-ambassadors': 'celebrations',
};
/**
 * What hangs off a calendar or an event (/calendars/{calendarId}/<name>,
 * /calendars/appointments/{id}/<name>) belongs to the module below: its calendar files,
 * registrations and check-in; the calendar and its events to the calendars module.
 */
const calendarHomes: Record<string, string> = {
  'feed.ics': 'ical',
  ics: 'ical',
  registrations: 'registrations',
  'series-registrations': 'registrations',
  'check-in': 'check-in',
  'walk-ins': 'check-in',
  'registrations.csv': 'check-in',
};
/** Served by the app itself, not by a module. */
const outsideModules = new Set(['health', 'ready', 'openapi.json', 'docs']);

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** Every quoted string in each module's source (not its tests), by module. */
async function literalsByModule(): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const entry of await readdir(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const literals = new Set<string>();
    for (const file of await readdir(path.join(modulesDir, entry.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = await readFile(path.join(modulesDir, entry.name, file), 'utf8');
      for (const match of source.matchAll(/['`](\/[^'`\s]*)['`]/g)) literals.add(match[1]!);
    }
    found.set(entry.name, literals);
  }
  return found;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('where each route lives', () => {
  it('declares every /api route in the module its path names, and in no other', async () => {
    const literals = await literalsByModule();
    const misplaced: string[] = [];
    const routes = ctx.app.routeList.filter((r) => r.url.startsWith('/api/'));
    for (const { method, url } of routes) {
      const local = url.slice('/api'.length);
      const segment = local.split('/')[1]!;
      if (outsideModules.has(segment)) continue;
      const declaredIn = [...literals].filter(([, set]) => set.has(local)).map(([m]) => m);
      const [, , second, third] = local.split('/');
      const staffSide =
        segment === 'admin' ? adminHomes[(second === 'exports' ? third : second)!] : undefined;
      const offEvent =
        segment === 'calendars'
          ? calendarHomes[local.split('/')[second === 'appointments' ? 4 : 3] ?? '']
          : undefined;
      const home = staffSide ?? offEvent ?? homes[segment] ?? `(no module for /${segment})`;
      if (declaredIn.length !== 1 || declaredIn[0] !== home) {
        misplaced.push(`${method} ${url}: in ${declaredIn.join(', ') || 'no module'}, not ${home}`);
      }
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(misplaced).toEqual([]);
  });
});
