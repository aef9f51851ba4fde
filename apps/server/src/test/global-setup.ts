import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, runMigrations, startEmbeddedPostgres } from '@chamber/db';
import { bundleProcessEntries, type ProcessEntry } from './bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    /** The CLI, the server and the job process, bundled for `node` (see bundle.ts). */
    processBundles: Record<ProcessEntry, string>;
  }
}

const TEMPLATE = 'chamber_template';

/**
 * One embedded PostgreSQL for the run, with a migrated template database; each test file
 * clones its own database from the template (see test/app.ts). Meanwhile the entries that tests
 * start as processes of their own are bundled (bundle.ts).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-test-pg-'));
  const bundles = bundleProcessEntries(path.join(dir, 'bundles'));
  const cluster = await startEmbeddedPostgres(path.join(dir, 'pg'));
  await cluster.createDatabase(TEMPLATE);
  const handle = connect(cluster.urlFor(TEMPLATE), { max: 1 });
  await runMigrations(handle.db);
  await handle.close();
  project.provide('pgAdminUrl', cluster.adminUrl);
  project.provide('pgTemplate', TEMPLATE);
  project.provide('processBundles', await bundles);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
