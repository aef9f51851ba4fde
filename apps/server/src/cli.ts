import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { eq, sql } from 'drizzle-orm';
import { passwordSchema } from '@chamber/contract';
import { users } from '@chamber/db';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { createStorage } from './lib/create-storage.js';
import { CsvError, parseCsv } from './lib/csv.js';
import { describeError } from './lib/db-errors.js';
import { createMailer } from './lib/mail/mailer.js';
import { loadChamberIdentity, passwordChangedMail } from './lib/mail/templates.js';
import { hashPassword } from './modules/auth/password.js';
import { importRoster, type ImportReport } from './modules/onboarding/roster-import.js';
import { BackupError, createBackup, restoreBackup } from './ops/backup.js';
import { demoAccounts } from './seed/demo-data.js';
import { SCALE_1, seedScale } from './seed/scale.js';
import { seedDemo } from './seed/seed.js';

class CliError extends Error {}

function readCsvFile(file: string): string[][] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new CliError(
      code === 'ENOENT' ? `No such file: ${file}` : `Cannot read ${file}: ${code}`,
    );
  }
  try {
    return parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) throw new CliError(`${file} is not valid CSV: ${err.message}`);
    throw err;
  }
}

function printImportReport(file: string, report: ImportReport) {
  const { counts } = report;
  const upToDate = report.lines.filter((l) => l.detail.startsWith('already up to date')).length;
  console.log(
    `${path.basename(file)}: ${report.rows} row${report.rows === 1 ? '' : 's'}${report.dryRun ? ' (dry run: nothing was saved)' : ''}.`,
  );
  if (report.ignoredColumns.length > 0) {
    console.log(`  ignored columns: ${report.ignoredColumns.join(', ')}`);
  }
  // Created and unchanged rows are only counted; the rest each get a line.
  for (const line of report.lines) {
    if (line.outcome === 'created' || line.detail.startsWith('already up to date')) continue;
    console.log(`  row ${line.row}: ${line.outcome}: ${line.detail}`);
  }
  const verb = report.dryRun ? 'Would create' : 'Created';
  console.log(
    `${verb} ${counts.created}, ${report.dryRun ? 'update' : 'updated'} ${counts.updated}, skipped ${counts.skipped}${upToDate ? ` (${upToDate} already up to date)` : ''}, rejected ${counts.rejected}.`,
  );
}

/** Mails the account that its password was set; a failure is reported, not fatal. */
async function sendPasswordNotice(
  db: OpenDatabase['db'],
  config: Config,
  account: { email: string; firstName: string },
) {
  const mailer = createMailer(config);
  try {
    const chamber = await loadChamberIdentity(db, config);
    const sent = await mailer.send({
      to: account.email,
      fromName: chamber.name,
      ...passwordChangedMail(chamber, account.firstName),
    });
    console.log(
      sent.outboxFile
        ? `Password-changed notice written to ${sent.outboxFile}.`
        : `Password-changed notice sent to ${account.email}.`,
    );
  } catch (err) {
    console.error(
      `Warning: the password-changed notice could not be sent (${err instanceof Error ? err.message : String(err)}).`,
    );
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

function checkPassword(password: string): string {
  const result = passwordSchema.safeParse(password);
  if (!result.success) throw new CliError(result.error.issues[0]!.message);
  return password;
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
    `also load n times ${SCALE_1.contacts} contacts, ${SCALE_1.users} logins, ${SCALE_1.series} repeating series, ${SCALE_1.singleEvents} single events over two years and ${SCALE_1.registrations} registrations (for benchmarks)`,
  )
  .action((opts: { scale?: string }) => {
    // Checked before the database starts, so a typo fails at once.
    const scale = opts.scale === undefined ? undefined : parseScale(opts.scale);
    return withDatabase(async (database) => {
      const report = await seedDemo(database.db);
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
    withDatabase(async ({ db }) => {
      const email = opts.email.trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        throw new CliError(`"${email}" is not an email address`);
      const passwordHash = await hashPassword(checkPassword(opts.password));
      const [existing] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`);
      if (existing) {
        await db
          .update(users)
          .set({ role: 'admin', status: 'active', passwordHash, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        console.log(`Made ${existing.email} an active admin and set the password.`);
      } else {
        await db.insert(users).values({
          email,
          passwordHash,
          firstName: opts.first,
          lastName: opts.last,
          role: 'admin',
          status: 'active',
        });
        console.log(`Created admin ${email}.`);
      }
    }),
  );

program
  .command('set-password')
  .description("Set an account's password")
  .requiredOption('--email <email>', 'the account')
  .requiredOption('--password <password>', 'new password (8 to 128 characters)')
  .action((opts: { email: string; password: string }) =>
    withDatabase(async ({ db }, config) => {
      const passwordHash = await hashPassword(checkPassword(opts.password));
      const updated = await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(sql`lower(${users.email}) = lower(${opts.email.trim()})`)
        .returning({ email: users.email, firstName: users.firstName });
      if (updated.length === 0) throw new CliError(`No account with email ${opts.email}`);
      const account = updated[0]!;
      console.log(`Password updated for ${account.email}.`);
      await sendPasswordNotice(db, config, account);
    }),
  );

program
  .command('import-contacts')
  .description(
    'Load the member roster from a CSV file: creates contacts without logins, updates those already on file (matched by email)',
  )
  .argument('<file>', 'the CSV file (columns: see the README)')
  .option('--dry-run', 'check the file and report what would change, without saving anything')
  .action((file: string, opts: { dryRun?: boolean }) =>
    withDatabase(async ({ db }) => {
      const records = readCsvFile(file);
      const report = await importRoster(db, records, {
        dryRun: opts.dryRun === true,
        onProgress: (done, total) => console.error(`  ${done} of ${total} rows...`),
      });
      printImportReport(file, report);
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
