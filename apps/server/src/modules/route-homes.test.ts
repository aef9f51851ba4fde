import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, type Endpoint } from '@chamber/contract';
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
  invitations: 'members',
  newsletter: 'communications',
  unsubscribe: 'communications',
  news: 'communications',
  r: 'communications',
  o: 'communications',
  events: 'tickets',
  sponsorships: 'sponsorships',
  sponsors: 'sponsorships',
  'sponsorship-drives': 'drives',
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
  members: 'members',
  celebrations: 'celebrations',
  'celebration-settings': 'celebrations',
  'celebration-ambassadors': 'celebrations',
  campaigns: 'communications',
  suppressions: 'communications',
  'sponsorship-packages': 'sponsorships',
  sponsorships: 'sponsorships',
  'sponsorship-settings': 'sponsorships',
  unsubscribes: 'communications',
  audiences: 'communications',
  'campaign-settings': 'communications',
  events: 'tickets',
  'promo-codes': 'benefits',
};
/**
 * What hangs off an event or a member (/events/{id}/<name>, /members/{id}/<name>) and belongs
 * to another module than the first segment's.
 */
const subHomes: Record<string, Record<string, string>> = {
  events: { 'promo-codes': 'benefits', 'check-ins': 'check-in' },
  members: { benefits: 'benefits' },
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
  'registration-form': 'registrations',
  'series-registrations': 'registrations',
  'check-in': 'check-in',
  'walk-ins': 'check-in',
  'registrations.csv': 'check-in',
  'attendees.csv': 'check-in',
};
/** Served by the app itself, not by a module. */
const outsideModules = new Set(['health', 'ready', 'openapi.json', 'docs']);

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

const declared = endpoints as Record<string, Record<string, Endpoint>>;

/** Each module's source files (not its tests), by module. */
async function sourcesByModule(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const entry of await readdir(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const sources: string[] = [];
    for (const file of await readdir(path.join(modulesDir, entry.name))) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      sources.push(await readFile(path.join(modulesDir, entry.name, file), 'utf8'));
    }
    found.set(entry.name, sources);
  }
  return found;
}

/**
 * The contract endpoints each module registers (`endpoints.m.name`, or `endpoints['m-n'].name`
 * for a module with a hyphen, in its source).
 */
function registeredEndpoints(sources: string[]): string[] {
  return sources.flatMap((source) =>
    [...source.matchAll(/\bendpoints(?:\.(\w+)|\['([\w-]+)'\])\.(\w+)\b/g)].map(
      ([, module, quoted, name]) => `${module ?? quoted}.${name}`,
    ),
  );
}

/**
 * The paths each module declares: its quoted strings, and the paths of the contract
 * endpoints it registers.
 */
async function literalsByModule(): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const [module, sources] of await sourcesByModule()) {
    const literals = new Set<string>();
    for (const source of sources) {
      for (const match of source.matchAll(/['`](\/[^'`\s]*)['`]/g)) literals.add(match[1]!);
    }
    for (const ref of registeredEndpoints(sources)) {
      const [m, name] = ref.split('.');
      const found = declared[m!]?.[name!];
      if (found) literals.add(found.path);
    }
    found.set(module, literals);
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
      // /admin/campaigns/sponsorship* are the sponsorship drives, not newsletter campaigns.
      const drive = segment === 'admin' && second === 'campaigns' && third === 'sponsorship';
      const staffSide =
        segment === 'admin'
          ? drive
            ? 'drives'
            : adminHomes[(second === 'exports' ? third : second)!]
          : undefined;
      const offEvent =
        segment === 'calendars'
          ? calendarHomes[local.split('/')[second === 'appointments' ? 4 : 3] ?? '']
          : undefined;
      const below = subHomes[segment]?.[third ?? ''];
      const home =
        staffSide ?? offEvent ?? below ?? homes[segment] ?? `(no module for /${segment})`;
      if (declaredIn.length !== 1 || declaredIn[0] !== home) {
        misplaced.push(`${method} ${url}: in ${declaredIn.join(', ') || 'no module'}, not ${home}`);
      }
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(misplaced).toEqual([]);
  });

  it('registers each contract endpoint once, with its method and path, in the module of its folder', async () => {
    const registeredBy = new Map<string, string[]>();
    for (const [module, sources] of await sourcesByModule()) {
      for (const ref of registeredEndpoints(sources)) {
        registeredBy.set(ref, [...(registeredBy.get(ref) ?? []), module]);
      }
    }
    const wrong: string[] = [];
    let count = 0;
    for (const [module, list] of Object.entries(declared)) {
      for (const [name, endpoint] of Object.entries(list)) {
        count += 1;
        const ref = `${module}.${name}`;
        const by = registeredBy.get(ref) ?? [];
        if (by.length !== 1 || by[0] !== module) {
          wrong.push(`${ref}: registered by ${by.join(', ') || 'no module'}, not ${module}`);
        }
        const url = `/api${endpoint.path}`;
        const routes = ctx.app.routeList.filter(
          (r) => r.url === url && r.method === endpoint.method,
        );
        if (routes.length !== 1) {
          wrong.push(`${ref}: ${endpoint.method} ${url} registered ${routes.length} times`);
        }
      }
    }
    for (const ref of registeredBy.keys()) {
      const [module, name] = ref.split('.');
      if (!declared[module!]?.[name!]) wrong.push(`${ref}: registered, not in the contract`);
    }
    // Each contract folder with endpoints is a server module of the same name, and listed.
    const contractDir = path.resolve(modulesDir, '../../../../packages/contract/src');
    const modules = new Set(
      (await readdir(modulesDir, { withFileTypes: true })).filter((e) => e.isDirectory()),
    );
    const moduleNames = new Set([...modules].map((e) => e.name));
    for (const entry of await readdir(contractDir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      if (!moduleNames.has(entry.name)) wrong.push(`contract/${entry.name}: no such server module`);
      if (!declared[entry.name]) wrong.push(`contract/${entry.name}: not in endpoints`);
    }
    expect(count).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
