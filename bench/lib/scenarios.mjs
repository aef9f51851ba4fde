// What the benchmark asks of the portal: the requests a visitor's pages make, with targets.
import { createHash, randomBytes } from 'node:crypto';
import { orderRequest, registrationRequest } from './dues-seats.mjs';

const CALENDAR = 'racc-events';
const TIME_ZONE = 'America/Denver';
/** Demo logins (seeded with the demo chamber). */
const MEMBER = { email: 'maria@sweetwaterbakery.example', password: 'Chamber-Member-2026' };
export const ADMIN = { email: 'admin@rivertonchamber.example', password: 'Chamber-Admin-2026' };
/** What visitors type into the directory's search box: names, trades and places. */
const SEARCHES = [
  'bakery',
  'garcia',
  'plumb',
  'wasatch',
  'tax',
  'dental',
  'jensen',
  'coffee',
  'realty',
  'insurance',
  'nguyen',
  'roof',
  'florist',
  'copper canyon',
  'fitness',
  'law',
  'auto',
  'redwood',
  'tutor',
  'photo',
];

async function json(res) {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The PKCE sign-in the web app does; answers the bearer token. */
export async function signIn(url, account = MEMBER) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const post = (path, body) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(json);
  const { code } = await post('/api/auth/authorize', {
    ...account,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    redirectUri: `${url}/auth`,
    remember: false,
  });
  const token = await post('/api/auth/token', {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${url}/auth`,
  });
  return token.access_token;
}

/** Today's date on the chamber's clock. */
function localToday() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const [year, month, day] = parts.split('-').map(Number);
  return { year, month, day };
}

const dateKey = (d) => d.toISOString().slice(0, 10);

/** The windows the pages ask for: the calendar's 42-day grid and the home page's year. */
function windows() {
  const { year, month } = localToday();
  const first = new Date(Date.UTC(year, month - 1, 1));
  const gridStart = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const gridEnd = new Date(gridStart.getTime() + 41 * 86_400_000);
  const yearEnd = new Date(Date.UTC(year + 1, month - 1, 0));
  const events = (from, to) =>
    `/api/calendars/${CALENDAR}/events?startDate=${dateKey(from)}&endDate=${dateKey(to)}`;
  return { month: events(gridStart, gridEnd), year: events(first, yearEnd) };
}

/** Seeded categories the scale data fills: top-level ones (with their subcategories) and not. */
const CATEGORIES = ['food-drink', 'plumbing', 'health-wellness', 'legal', 'auto-repair'];

/**
 * The scenarios, baseline first. `target` is what each must reach on the reference machine:
 * a share of bare Fastify's requests per second (`bare`, the machine's ceiling measured in the
 * same run), a share of the baseline's (`ratio`) and a p99 latency.
 */
/** Boxes (`w,s,e,n`) inside the demo region, the same every run. */
function mapViews() {
  const region = { west: -112.08, south: 40.44, east: -111.8, north: 40.64 };
  let seed = 84_065;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const views = [];
  for (let i = 0; i < 2000; i += 1) {
    // A view 1/16 to all of the region's width, 360 to 1280 px wide at the map's zooms.
    const share = 1 / 2 ** Math.floor(next() * 5);
    const width = (region.east - region.west) * share;
    const height = (region.north - region.south) * share;
    const west = region.west + (region.east - region.west - width) * next();
    const south = region.south + (region.north - region.south - height) * next();
    views.push([west, south, west + width, south + height].map((n) => n.toFixed(5)).join(','));
  }
  return views;
}

/** A phone browser's user agent: a request with it is a person's visit, counted as a view. */
const BROWSER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export async function scenarios(url, seats) {
  const token = await signIn(url);
  const staff = { authorization: `Bearer ${await signIn(url, ADMIN)}` };
  const { total } = await fetch(`${url}/api/members?limit=1`).then(json);
  const page = await fetch(
    `${url}/api/members?limit=50&offset=${Math.floor(total / 2)}&sort=name`,
  ).then(json);
  const memberIds = page.members.map((m) => m.id);
  const { month, year } = windows();
  const directory = (extra) =>
    `/api/members?source=MembersPage&limit=20&offset=0&sort=name${extra}`;
  const paths = (list) => list.map((path) => ({ path }));
  return [
    {
      name: 'health (baseline)',
      key: 'baseline',
      requests: paths(['/api/health']),
      target: { bare: 0.5 },
    },
    {
      name: 'directory, first page',
      key: 'directory',
      requests: paths([directory('')]),
      target: { bare: 0.4, ratio: 0.35, p99Ms: 20 },
    },
    {
      name: 'directory search',
      key: 'search',
      requests: paths(SEARCHES.map((s) => directory(`&search=${encodeURIComponent(s)}`))),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'directory by category',
      key: 'category',
      requests: paths(CATEGORIES.map((slug) => directory(`&category=${slug}`))),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      // The map's view as visitors pan and zoom: 2,000 different boxes in the demo chamber's
      // region (more than the kept directory pages hold, so most are counted afresh), from a
      // neighbourhood to the whole region.
      name: 'map bounds (directory in view)',
      key: 'map',
      requests: paths(mapViews().map((box) => directory(`&bounds=${box}`))),
      target: { p99Ms: 50 },
    },
    {
      name: 'member page',
      key: 'member',
      requests: paths(memberIds.map((id) => `/api/members/${id}`)),
      target: { bare: 0.4, ratio: 0.35, p99Ms: 20 },
    },
    {
      // The same pages opened by a browser: each is a listing view, counted (issue 41: at
      // most 5% of the member page's throughput).
      name: 'member page, a counted view',
      key: 'member-counted',
      requests: memberIds.map((id) => ({
        path: `/api/members/${id}`,
        headers: { 'user-agent': BROWSER_AGENT },
      })),
      target: { of: 'member', loss: 0.05 },
    },
    {
      name: 'calendar month (42-day grid)',
      key: 'month',
      requests: paths([month]),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'calendar year (home page)',
      key: 'year',
      requests: paths([year]),
      target: { p99Ms: 100 },
    },
    {
      name: 'token validation',
      key: 'validate',
      requests: [{ path: '/api/auth/validate', headers: { authorization: `Bearer ${token}` } }],
    },
    {
      // What a signed-in person's account page asks first: their own profile.
      name: 'own profile, signed in',
      key: 'profile',
      requests: [{ path: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } }],
    },
    { name: 'SPA index.html', key: 'spa', requests: paths(['/']) },
    // The pages as a browser or a search engine first gets them: rendered on the server (the
    // directory and member pages) or the app with the page's own head (the event page), each
    // kept per data version.
    {
      name: 'directory page, HTML',
      key: 'html-directory',
      requests: paths(['/members']),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'category page, HTML',
      key: 'html-category',
      requests: paths(CATEGORIES.map((slug) => `/members/category/${slug}`)),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'member page, HTML',
      key: 'html-member',
      requests: paths(memberIds.map((id) => `/members/${id}`)),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'event page, HTML',
      key: 'html-event',
      requests: paths([`/events/${seats.door}`]),
      target: { ratio: 0.35, p99Ms: 50 },
    },
    {
      name: 'staff: memberships due this month',
      key: 'due',
      // Staff at work on the month's list: its first pages (25 a page, as the admin page asks)
      // and a few searches in it, each connection going through them in turn.
      requests: [
        ...[0, 25, 50, 75, 100].map((offset) => `list=due&limit=25&offset=${offset}`),
        ...['bakery', 'garcia', 'plumb'].map(
          (search) => `list=due&limit=25&offset=0&search=${search}`,
        ),
      ].map((query) => ({ path: `/api/admin/memberships?${query}`, headers: staff })),
      target: { p99Ms: 100 },
    },
    {
      name: 'staff: the cockpit’s Today',
      key: 'overview',
      requests: [{ path: '/api/admin/overview', headers: staff }],
      target: { p99Ms: 100 },
    },
    ...[
      ['members', 'members?months=24'],
      ['retention', 'retention'],
      ['revenue', 'revenue?months=12'],
      ['attendance', 'attendance?months=12'],
      ['plans', 'plans'],
    ].map(([key, query]) => ({
      name: `staff: insights, ${key}`,
      key: `insights-${key}`,
      requests: [{ path: `/api/admin/insights/${query}`, headers: staff }],
      target: { p99Ms: 100 },
    })),
    {
      name: 'event registration (capacity)',
      key: 'register',
      requests: [registrationRequest(seats.registerFor)],
      target: { p99Ms: 100 },
      // A write: every request is another registration, so the check before timing is skipped.
      write: true,
    },
    {
      name: 'orders by ticket type (capacity)',
      key: 'orders',
      requests: [orderRequest(seats.orderFor, seats.types)],
      target: { p99Ms: 100 },
      write: true,
    },
    {
      name: 'check-in list, 500 seats',
      key: 'checkin',
      requests: [{ path: `/api/calendars/appointments/${seats.door}/check-in`, headers: staff }],
      target: { p99Ms: 50 },
    },
  ];
}
