import { Command, CommanderError } from 'commander';
import { eq, sql } from 'drizzle-orm';
import { passwordSchema } from '@chamber/contract';
import { users } from '@chamber/db';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { hashPassword } from './modules/auth/password.js';
import { demoAccounts } from './seed/demo-data.js';
import { seedDemo } from './seed/seed.js';

class CliError extends Error {}

async function withDatabase<T>(work: (database: OpenDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig());
  try {
    return await work(database);
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

program
  .command('seed')
  .description(
    'Load demo data: the chamber, members on each tier, an admin, a moderator, a month of events (idempotent)',
  )
  .action(() =>
    withDatabase(async (database) => {
      const report = await seedDemo(database.db);
      for (const line of report.lines) console.log(`  ${line}`);
      console.log('Demo sign-ins:');
      for (const a of demoAccounts.slice(0, 3)) {
        console.log(`  ${a.role.padEnd(9)} ${a.email}  password: ${a.password}`);
      }
    }),
  );

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
    withDatabase(async ({ db }) => {
      const passwordHash = await hashPassword(checkPassword(opts.password));
      const updated = await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(sql`lower(${users.email}) = lower(${opts.email.trim()})`)
        .returning({ email: users.email });
      if (updated.length === 0) throw new CliError(`No account with email ${opts.email}`);
      console.log(`Password updated for ${updated[0]!.email}.`);
    }),
  );

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    process.exit(err.exitCode);
  }
  const message = err instanceof Error ? err.message : String(err);
  console.error(
    err instanceof ConfigError ? `Configuration error: ${message}` : `Error: ${message}`,
  );
  process.exit(1);
});
