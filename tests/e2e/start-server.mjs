// Starts the production server for the e2e run on a fresh, seeded data directory.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, '.data-e2e');
const port = process.env.E2E_PORT ?? '4173';

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  NODE_ENV: 'production',
  // Each spec that signs people up comes from its own network (X-Forwarded-For, see
  // fixtures.ts), so the suite's many sign-ups do not meet the per-network limit together.
  TRUST_PROXY: '127.0.0.1,::1',
};

// Card payment goes to the Stripe stand-in of the API tests (apps/server/src/test), run from
// its TypeScript source: it is test code and not in the server's build. It takes any free
// port and prints its address; the portal's SDK calls go there (STRIPE_API_URL), and its
// Checkout page's 'Pay' posts the signed webhook events to the portal.
const webhookSecret = 'whsec_e2e_stand_in';
const standIn = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'src/test/stripe-stand-in.ts'],
  {
    cwd: path.join(root, 'apps/server'),
    env: {
      PATH: process.env.PATH,
      STRIPE_STAND_IN_PORT: '0',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_STAND_IN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const standInUrl = await new Promise((resolve, reject) => {
  let out = '';
  standIn.stdout.setEncoding('utf8');
  standIn.stdout.on('data', function read(chunk) {
    out += chunk;
    const found = out.match(/^Stripe stand-in at (http:\/\/[^\s,]+)/m);
    if (found) {
      standIn.stdout.off('data', read);
      standIn.stdout.resume();
      resolve(found[1]);
    }
  });
  standIn.on('exit', (code, signal) =>
    reject(new Error(`The Stripe stand-in stopped (exit ${code ?? signal}) before it listened.`)),
  );
});

// The map's outside services: a geocoder that finds any address in the demo chamber's region,
// and tiles; the same stand-in the API tests use, so the browser tests never call the internet.
const mapStandIn = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', 'src/test/map-stand-in.ts'],
  {
    cwd: path.join(root, 'apps/server'),
    env: { PATH: process.env.PATH, MAP_STAND_IN_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const mapStandInUrl = await new Promise((resolve, reject) => {
  let out = '';
  mapStandIn.stdout.setEncoding('utf8');
  mapStandIn.stdout.on('data', function read(chunk) {
    out += chunk;
    const found = out.match(/^Map stand-in at (http:\/\/[^\s,]+)/m);
    if (found) {
      mapStandIn.stdout.off('data', read);
      mapStandIn.stdout.resume();
      resolve(found[1]);
    }
  });
  mapStandIn.on('exit', (code, signal) =>
    reject(new Error(`The map stand-in stopped (exit ${code ?? signal}) before it listened.`)),
  );
});
env.GEOCODER_URL = `${mapStandInUrl}/search`;
env.MAP_TILE_URL = `${mapStandInUrl}/tiles/{z}/{x}/{y}.png`;

const seed = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seed.status !== 0) {
  console.error(`Seeding the e2e database failed (exit ${seed.status ?? seed.signal}).`);
  standIn.kill();
  mapStandIn.kill();
  process.exit(seed.status ?? 1);
}

// Members on the chamber's roster without a login, loaded as staff would, for the sign-up tests.
const roster = spawnSync(
  process.execPath,
  ['apps/server/dist/cli.js', 'import-contacts', 'tests/e2e/files/roster.csv'],
  { cwd: root, env, stdio: 'inherit' },
);
if (roster.status !== 0) {
  console.error(`Importing the e2e roster failed (exit ${roster.status ?? roster.signal}).`);
  standIn.kill();
  mapStandIn.kill();
  process.exit(roster.status ?? 1);
}

// The seed and the roster above are the same as without Stripe; only the server takes cards.
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...env,
    STRIPE_SECRET_KEY: 'sk_test_e2e_portal',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: standInUrl,
  },
  stdio: 'inherit',
});
server.on('exit', (code, signal) => {
  standIn.kill();
  mapStandIn.kill();
  process.exit(code ?? (signal ? 1 : 0));
});

// Playwright signals the whole process group, so the server hears it too: wait for it to
// finish shutting down (it stops its embedded database) instead of exiting first.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    setTimeout(() => server.kill('SIGKILL'), 20_000).unref();
  });
}
