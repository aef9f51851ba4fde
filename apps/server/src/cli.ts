#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { listJobRuns, type JobRun } from './background/history.js';
import { HISTORY_DAYS } from './background/runner.js';
import { COMMAND_LINE } from './lib/audit.js';
import { createStorage } from './lib/create-storage.js';
import { CsvError } from './lib/csv.js';
import { systemClock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { describeError } from './lib/db-errors.js';
import { createMailer } from './lib/mail/mailer.js';
import {
  listFailedMail,
  type OutboxMail,
  outboxCounts,
  retryFailedMail,
} from './lib/mail/outbox.js';
import { guardTerminalOutput, printable } from './lib/terminal-text.js';
import { AccountService, type PasswordSet } from './modules/auth/index.js';
import { chamberMail } from './modules/chamber/index.js';
import {
  exportRoster,
  importRoster,
  type ImportReport,
  readRosterFile,
  type RosterFile,
} from './modules/members/index.js';
import { BackupError, createBackup, restoreBackup } from './ops/backup.js';
import { demoAccounts } from './seed/demo-data.js';
import { SCALE_1, seedScale } from './seed/scale.js';
import { seedDemo } from './seed/seed.js';

// Reports print text from files and the database (a roster's cells): never to be acted on.
guardTerminalOutput();

class CliError extends Error {}

function readRoster(file: string): RosterFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new CliError(
      code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file}: ${code}`,
    );
  }
  try {
    return readRosterFile(bytes);
  } catch (err) {
    if (err instanceof CsvError) {
      throw new CliError(
        `${file} is not valid CSV: ${err.message}. In the spreadsheet, save as CSV UTF-8 and import that file.`,
      );
    }
    throw err;
  }
}

function printImportReport(file: string, report: ImportReport, encoding: RosterFile['encoding']) {
  const { counts } = report;
  const upToDate = report.lines.filter((l) => l.detail.startsWith('already up to date')).length;
  console.log(
    `${path.basename(file)}: ${report.rows} row${report.rows === 1 ? '' : 's'}${report.dryRun ? ' (dry run: nothing was saved)' : ''}${encoding === 'UTF-8' ? '' : `, read as ${encoding}`}.`,
  );
  if (encoding === 'Windows-1252') {
    console.log(
      '  the file is not UTF-8: if a name shows a wrong letter, save as CSV UTF-8 and import again',
    );
  }
  if (report.ignoredColumns.length > 0) {
    console.log(`  ignored columns: ${report.ignoredColumns.join(', ')}`);
  }
  // Created and unchanged rows are only counted; the rest each get a line.
  for (const line of report.lines) {
    if (line.outcome === 'created' || line.detail.startsWith('already up to date')) continue;
    console.log(`  row ${line.row}: ${line.outcome}: ${line.detail}`);
  }
  for (const line of report.lines) {
    for (const reason of line.rejectedCells ?? []) {
      console.log(`  row ${line.row}: cell not imported: ${reason}`);
    }
  }
  const verb = report.dryRun ? 'Would create' : 'Created';
  console.log(
    `${verb} ${counts.created}, ${report.dryRun ? 'update' : 'updated'} ${counts.updated}, skipped ${counts.skipped}${upToDate ? ` (${upToDate} already up to date)` : ''}, rejected ${counts.rejected}${report.rejectedCells ? ` (and ${report.rejectedCells} cell${report.rejectedCells === 1 ? '' : 's'} of rows that loaded)` : ''}.`,
  );
  const { businesses: b, people: p } = report;
  console.log(
    `Businesses: ${b.created} ${report.dryRun ? 'new' : 'created'}, ${b.matched} on file, ${b.refused} refused; people: ${p.created} ${report.dryRun ? 'new' : 'created'}, ${p.matched} on file, ${p.refused} refused.`,
  );
}

/** What the command line prints after a password was set. */
function printPasswordSet(result: PasswordSet) {
  const { endedSessions: n, notice } = result;
  console.log(
    n === 0
      ? 'No session was signed in.'
      : `Ended ${n} session${n === 1 ? '' : 's'} of the account.`,
  );
  if (notice.sent === false) {
    console.error(`Warning: the password-changed notice could not be sent (${notice.error}).`);
  } else if (notice.sent === 'queued') {
    console.log(`Password-changed notice queued for ${result.email}.`);
  } else {
    console.log(
      notice.outboxFile
        ? `Password-changed notice written to ${notice.outboxFile}.`
        : `Password-changed notice sent to ${result.email}.`,
    );
  }
}

/** The account service with this configuration's mailer, closed afterwards. */
async function withAccounts<T>(
  database: OpenDatabase,
  config: Config,
  work: (accounts: AccountService) => Promise<T>,
): Promise<T> {
  const mailer = createMailer(config);
  try {
    const mail = chamberMail(database.db, config, mailer);
    return await work(new AccountService(database.db, systemClock, mail));
  } catch (err) {
    // The service's refusals are sentences for the operator.
    if (err instanceof AppError) throw new CliError(err.message);
    throw err;
  } finally {
    await mailer.close();
  }
}

async function withDatabase<T>(
  work: (database: OpenDatabase, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, {
    report: (message, level) => level === 'warn' && console.error(message),
  });
  try {
    return await work(database, config);
  } finally {
    await database.close();
  }
}

const program = new Command()
  .name('chamber')
  .description('Run and look after the chamber portal')
  .showHelpAfterError()
  .exitOverride();

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(() =>
    withDatabase(async (database) => {
      console.log(`Migrations are up to date (${database.description}).`);
    }),
  );

function parseScale(value: string): number {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
    throw new CliError(`--scale must be a number above 0 and at most 10 (got "${value}")`);
  }
  return scale;
}

program
  .command('seed')
  .description(
    'Load demo data: the chamber, members on each tier, an admin, a moderator, a month of events (idempotent)',
  )
  .option(
    '--scale <n>',
    `also load n times ${SCALE_1.contacts} contacts with about ${SCALE_1.people} people, ${SCALE_1.users} logins, ${SCALE_1.series} repeating series, ${SCALE_1.singleEvents} single events over two years and ${SCALE_1.registrations} registrations (for benchmarks)`,
  )
  .action((opts: { scale?: string }) => {
    // Checked before the database starts, so a typo fails at once.
    const scale = opts.scale === undefined ? undefined : parseScale(opts.scale);
    return withDatabase(async (database, config) => {
      const report = await withStorage(config, (storage) =>
        seedDemo(database.db, new Date(), storage),
      );
      for (const line of report.lines) console.log(`  ${line}`);
      if (scale !== undefined) {
        const loaded = await seedScale(database.db, scale, new Date(), (line) =>
          console.error(`  ${line}`),
        );
        for (const line of loaded.lines) console.log(`  scale ${scale}: ${line}`);
      }
      console.log('Demo sign-ins:');
      for (const a of demoAccounts.slice(0, 3)) {
        console.log(`  ${a.role.padEnd(9)} ${a.email}  password: ${a.password}`);
      }
    });
  });

program
  .command('create-admin')
  .description(
    'Create an admin account, or make an existing account an active admin with this password',
  )
  .requiredOption('--email <email>', 'email address to sign in with')
  .requiredOption('--password <password>', 'password (8 to 128 characters)')
  .option('--first <name>', 'first name', 'Chamber')
  .option('--last <name>', 'last name', 'Admin')
  .action((opts: { email: string; password: string; first: string; last: string }) =>
    withDatabase((database, config) =>
      withAccounts(database, config, async (accounts) => {
        const result = await accounts.createAdmin(
          {
            email: opts.email,
            password: opts.password,
            firstName: opts.first,
            lastName: opts.last,
          },
          COMMAND_LINE,
        );
        console.log(
          result.created
            ? `Created admin ${result.email}.`
            : `Made ${result.email} an active admin and set the password.`,
        );
        if (!result.created) printPasswordSet(result);
      }),
    ),
  );

program
  .command('set-password')
  .description("Set an account's password; ends every session of the account")
  .requiredOption('--email <email>', 'the account')
  .requiredOption('--password <password>', 'new password (8 to 128 characters)')
  .action((opts: { email: string; password: string }) =>
    withDatabase((database, config) =>
      withAccounts(database, config, async (accounts) => {
        const result = await accounts.setPassword({ email: opts.email }, opts.password, {
          actor: COMMAND_LINE,
        });
        console.log(`Password updated for ${result.email}.`);
        printPasswordSet(result);
      }),
    ),
  );

program
  .command('import-contacts')
  .description(
    'Load the member roster from a CSV file: creates contacts without logins, updates those already on file (matched by email)',
  )
  .argument('<file>', 'the CSV file (columns: see docs/operator/cli.md)')
  .option('--dry-run', 'check the file and report what would change, without saving anything')
  .option(
    '--allow-rejects',
    'exit with status 0 even when rows were rejected (the other rows are imported either way)',
  )
  .action((file: string, opts: { dryRun?: boolean; allowRejects?: boolean }) =>
    withDatabase(async ({ db }) => {
      const { records, encoding } = readRoster(file);
      const report = await importRoster(db, records, {
        dryRun: opts.dryRun === true,
        onProgress: (done, total) => console.error(`  ${done} of ${total} rows...`),
      });
      printImportReport(file, report, encoding);
      const { rejected } = report.counts;
      if ((rejected > 0 || report.rejectedCells > 0) && opts.allowRejects !== true) {
        // Scripts must notice: a rejected row is a member missing from the directory.
        const what = [
          rejected > 0 && `${rejected} row${rejected === 1 ? '' : 's'}`,
          report.rejectedCells > 0 &&
            `${report.rejectedCells} cell${report.rejectedCells === 1 ? '' : 's'}`,
        ].filter(Boolean);
        const verb = what.length === 1 && (rejected || report.rejectedCells) === 1 ? 'was' : 'were';
        console.error(
          `${what.join(' and ')} ${verb} rejected: correct them and import the file again (rows already imported are skipped), or pass --allow-rejects to accept.`,
        );
        process.exitCode = 2;
      }
    }),
  );

program
  .command('export-contacts')
  .description(
    "Write the directory's businesses to a CSV file, one row per person, in the columns import-contacts reads (formulas escaped)",
  )
  .option('--out <file>', 'where to write it (default: contacts-<date>-<time>.csv here)')
  .action((opts: { out?: string }) =>
    withDatabase(async ({ db }) => {
      // A file, not the terminal: cells are printed as written, line breaks and all.
      const target = path.resolve(opts.out ?? `contacts-${stamp()}.csv`);
      const { csv, rows } = await exportRoster(db);
      writeFileSync(target, csv);
      console.log(
        `${rows} ${rows === 1 ? 'person' : 'people'} of the businesses written to ${target}.`,
      );
    }),
  );

/** Runs with the configured storage (the data folder's media, or S3), closed afterwards. */
async function withStorage<T>(
  config: Config,
  work: (storage: ReturnType<typeof createStorage>) => Promise<T>,
) {
  const storage = createStorage(config);
  try {
    return await work(storage);
  } finally {
    await storage.close();
  }
}

const stamp = () => new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

program
  .command('backup')
  .description('Write the database and every uploaded file to one .tar.gz archive')
  .argument('[file]', 'where to write it (default: chamber-backup-<date>-<time>.tar.gz here)')
  .action((file: string | undefined) =>
    withDatabase((database, config) =>
      withStorage(config, async (storage) => {
        const target = path.resolve(file ?? `chamber-backup-${stamp()}.tar.gz`);
        const manifest = await createBackup(database.pool, storage, target, (line) =>
          console.error(`  ${line}`),
        );
        const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
        console.log(
          `Backup written to ${target}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.media.length} files.`,
        );
      }),
    ),
  );

program
  .command('restore')
  .description('Load a backup into an empty database (stop the server first)')
  .argument('<file>', 'the .tar.gz written by backup')
  .option('--replace', 'remove everything in the database first')
  .action((file: string, opts: { replace?: boolean }) =>
    withDatabase((database, config) =>
      withStorage(config, async (storage) => {
        try {
          const manifest = await restoreBackup(
            database.pool,
            storage,
            path.resolve(file),
            { replace: opts.replace === true },
            (line) => console.error(`  ${line}`),
          );
          console.log(
            `Restored ${file} (taken ${manifest.createdAt}): ${manifest.tables.length} tables, ${manifest.media.length} files.`,
          );
        } catch (err) {
          if (err instanceof BackupError) throw new CliError(err.message);
          throw err;
        }
      }),
    ),
  );

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new CliError(`--limit must be a whole number from 1 to 1000 (got "${value}")`);
  }
  return limit;
}

const when = (date: Date | null) =>
  date ? date.toISOString().slice(0, 19).replace('T', ' ') : '-';

/** Draws a row of `rows` in columns as wide as the widest cell of each, two spaces apart. */
function tableLine(rows: string[][]): (row: string[]) => string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return (row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
}

function printJobRuns(runs: JobRun[] | null, failed: boolean) {
  if (runs === null) {
    console.log('No job has run yet: the portal sets up its job queue when it first starts.');
    return;
  }
  if (runs.length === 0) {
    console.log(
      failed
        ? `No failed job runs in the last ${HISTORY_DAYS} days.`
        : `No job runs in the last ${HISTORY_DAYS} days.`,
    );
    return;
  }
  const rows = [
    ['job', 'state', 'attempts', 'started (UTC)', 'finished (UTC)'],
    ...runs.map((r) => [
      r.name,
      r.state,
      String(r.attempts),
      when(r.startedAt),
      when(r.finishedAt),
    ]),
  ];
  const line = tableLine(rows);
  console.log(line(rows[0]!));
  runs.forEach((run, i) => {
    console.log(line(rows[i + 1]!));
    // One line each, whatever the stored text holds.
    if (run.error !== null) console.log(`  error: ${printable(run.error)}`);
    else if (run.output && Object.keys(run.output).length > 0) {
      // Sorted: the queue stores the result as jsonb, which keeps no order of its own.
      const parts = Object.entries(run.output)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
      console.log(`  result: ${printable(parts.join(', '))}`);
    }
  });
}

/** Failed mail of the outbox, newest first, each with its error. */
function printFailedMail(mails: OutboxMail[]) {
  console.log('');
  console.log('Failed mail (put back with `chamber jobs --retry <id>`, or `--retry all`):');
  const rows = [
    ['id', 'kind', 'attempts', 'queued (UTC)'],
    ...mails.map((m) => [m.id, m.kind, String(m.attempts), when(m.createdAt)]),
  ];
  const line = tableLine(rows);
  console.log(line(rows[0]!));
  mails.forEach((mail, i) => {
    console.log(line(rows[i + 1]!));
    console.log(`  error: ${printable(mail.lastError ?? 'unknown error')}`);
  });
}

const MAIL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

program
  .command('jobs')
  .description(
    'List the latest background job runs, newest first, with the error of each failed one, and the mail that failed',
  )
  .option('--failed', 'only runs that failed (finally, or waiting for a retry), and failed mail')
  .option('--limit <n>', 'how many runs (and failed mails) to list', '20')
  .option('--retry <id>', 'put a failed mail (its id, or `all`) back in the outbox to be sent')
  .action((opts: { failed?: boolean; limit: string; retry?: string }) => {
    const limit = parseLimit(opts.limit);
    if (opts.retry !== undefined && opts.retry !== 'all' && !MAIL_ID.test(opts.retry)) {
      throw new CliError(`--retry takes the id of a failed mail or "all" (got "${opts.retry}")`);
    }
    return withDatabase(async ({ db }) => {
      if (opts.retry !== undefined) {
        const count = (await retryFailedMail(db, systemClock.now(), opts.retry)).length;
        if (count === 0 && opts.retry !== 'all') {
          throw new CliError(`No failed mail with id ${opts.retry}`);
        }
        console.log(
          `${count} failed mail${count === 1 ? '' : 's'} put back in the outbox; the portal sends ${count === 1 ? 'it' : 'them'} within a few seconds.`,
        );
        return;
      }
      const failed = opts.failed === true;
      printJobRuns(await listJobRuns(db, { failed, limit }), failed);
      const counts = await outboxCounts(db);
      if (failed) {
        if (counts.failed > 0) printFailedMail(await listFailedMail(db, limit));
      } else if (counts.waiting > 0 || counts.failed > 0) {
        console.log('');
        console.log(
          `Mail: ${counts.waiting} waiting to be sent, ${counts.failed} failed${counts.failed > 0 ? ' (`chamber jobs --failed` lists them)' : ''}.`,
        );
      }
    });
  });

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode);
  }
  console.error(
    err instanceof ConfigError
      ? `Configuration error: ${err.message}`
      : `Error: ${describeError(err)}`,
  );
  process.exit(1);
});
