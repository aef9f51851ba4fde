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

const seed = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (seed.status !== 0) {
  console.error(`Seeding the e2e database failed (exit ${seed.status ?? seed.signal}).`);
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
  process.exit(roster.status ?? 1);
}

const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Playwright signals the whole process group, so the server hears it too: wait for it to
// finish shutting down (it stops its embedded database) instead of exiting first.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    setTimeout(() => server.kill('SIGKILL'), 20_000).unref();
  });
}
