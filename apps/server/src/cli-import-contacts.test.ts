import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contacts } from '@chamber/db';
import { isUnsafe } from './lib/terminal-text.js';
import { createTestDatabase, createTestUser } from './test/app.js';

const run = promisify(execFile);
// The CLI bundled once for the run (test/bundle.ts), run by node as `chamber` runs it.
const cli = inject('processBundles').cli;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;

async function chamber(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test', DATA_DIR: dir },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function csvFile(name: string, text: string) {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

const countContacts = async (like: string) => {
  const rows = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(sql`${contacts.email} ilike ${like}`);
  return rows[0]!.n;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'chamber-cli-import-'));
});
afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

const roster = [
  'First Name,Last Name,Business Name,Email,Phone,Tier,Member Since,Specialties',
  'Hannah,Whitlock,Jordan Valley Florist,hannah@florist.example,(801) 555-0311,elite,2009-04-01,Florist; Weddings',
  'Victor,Okafor,"Redwood Auto Care, Inc.",victor@autocare.example,(801) 555-0322,enhanced,6/15/2017,Auto Repair',
  'Victor,Okafor,Redwood Auto Care,VICTOR@autocare.example,,,,',
  'Broken,Row,Broken Co,not-an-email,,,,',
  'Sam,Bishop,Summit Peak Roofing,sam@roofing.example,,platinum,,',
].join('\r\n');

describe('chamber import-contacts', () => {
  it('is listed in --help', async () => {
    const result = await chamber('--help');
    expect(result.stdout).toContain('import-contacts');
  }, 60_000);

  it('reports what a dry run would do and saves nothing', async () => {
    const file = await csvFile('roster.csv', roster);
    const result = await chamber('import-contacts', file, '--dry-run');
    // Rows were rejected: a dry run says so in its status too.
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toContain('roster.csv: 5 rows (dry run: nothing was saved).');
    expect(result.stdout).toContain(
      'Would create 3, update 0, skipped 1, rejected 1 (and 1 cell of rows that loaded).',
    );
    expect(await countContacts('%@florist.example')).toBe(0);
  }, 60_000);

  it('imports good rows, skips the duplicate and rejects broken rows with reasons', async () => {
    const file = await csvFile('roster.csv', roster);
    const result = await chamber('import-contacts', file);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      '1 row and 1 cell were rejected: correct them and import the file again (rows already imported are skipped), or pass --allow-rejects to accept.',
    );
    expect(result.stdout.split('\n')).toEqual([
      'roster.csv: 5 rows.',
      '  row 4: skipped: same email as row 3 (VICTOR@autocare.example)',
      '  row 5: rejected: "not-an-email" is not an email address',
      '  row 6: cell not imported: tier "platinum" names no plan (the plans are Basic, Enhanced and Elite); the tier was left as it was',
      'Created 3, updated 0, skipped 1, rejected 1 (and 1 cell of rows that loaded).',
      'Businesses: 3 created, 0 on file, 0 refused; people: 3 created, 0 on file, 1 refused.',
      '',
    ]);
    expect(await countContacts('hannah@florist.example')).toBe(1);
    expect(await countContacts('victor@autocare.example')).toBe(1);

    const again = await chamber('import-contacts', file, '--allow-rejects');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('rejected');
    expect(again.stdout).toContain(
      'Created 0, updated 0, skipped 4 (3 already up to date), rejected 1 (and 1 cell of rows that loaded).',
    );
    expect(again.stdout).toContain(
      'Businesses: 0 created, 3 on file, 0 refused; people: 0 created, 3 on file, 1 refused.',
    );
  }, 60_000);

  it('says which encoding a file was read in, and keeps its accents', async () => {
    const fixtures = fileURLToPath(new URL('./test/fixtures/rosters/', import.meta.url));
    const ansi = await chamber('import-contacts', path.join(fixtures, 'windows-1252.csv'));
    expect(ansi.code, ansi.stderr).toBe(0);
    expect(ansi.stdout).toContain('windows-1252.csv: 2 rows, read as Windows-1252.');
    expect(ansi.stdout).toContain(
      'the file is not UTF-8: if a name shows a wrong letter, save as CSV UTF-8 and import again',
    );
    const unicode = await chamber('import-contacts', path.join(fixtures, 'utf-16le-bom.csv'));
    expect(unicode.stdout).toContain('utf-16le-bom.csv: 2 rows, read as UTF-16 LE.');
    const [stored] = await database.db
      .select({ businessName: contacts.businessName })
      .from(contacts)
      .where(sql`${contacts.email} = 'jose@senortaco.example'`);
    expect(stored).toEqual({ businessName: 'Señor Taco' });
  }, 60_000);

  it('shows progress on a large file', async () => {
    const rows = Array.from({ length: 2200 }, (_, i) => `Member ${i},member${i}@large.example`);
    const file = await csvFile('large.csv', ['Name,Email', ...rows].join('\n'));
    const result = await chamber('import-contacts', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('1000 of 2200 rows...');
    expect(result.stderr).toContain('2000 of 2200 rows...');
    expect(result.stderr).toContain('2200 of 2200 rows...');
    expect(result.stdout).toContain('Created 2200, updated 0, skipped 0, rejected 0.');
  }, 60_000);

  it('fails clearly on a missing file, broken CSV or a file without an email column', async () => {
    const missing = await chamber('import-contacts', path.join(dir, 'nope.csv'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No such file:');

    const broken = await chamber('import-contacts', await csvFile('b.csv', 'email\n"open\n'));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      'is not valid CSV: A quoted field is never closed (line 2). In the spreadsheet, save as CSV UTF-8 and import that file.',
    );

    const noEmail = await chamber('import-contacts', await csvFile('c.csv', 'name,phone\nA,1\n'));
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain('The file has no email column');
  }, 60_000);

  it('prints what the cells hold without letting control characters reach the terminal', async () => {
    const esc = '\u001b';
    const file = await csvFile(
      'controls.csv',
      [
        `Email,Name,${esc}]0;Owned${esc}\\Notes`,
        `${esc}[2J${esc}[H@nowhere,Clear Screen,`,
        `ok@controls.example,"Bell\u0007 and CSI\u009b31m and DEL\u007f",`,
        `bad-\u009b2J,Broken Row,`,
      ].join('\n'),
    );
    const result = await chamber('import-contacts', file, '--dry-run');
    expect(result.code, result.stderr).toBe(2);
    const printed = result.stdout + result.stderr;
    // Nothing a terminal acts on: no ESC, CSI, BEL or DEL; line breaks only between lines.
    const unsafe = [...printed].filter((c) => c !== '\n' && isUnsafe(c.codePointAt(0)!));
    expect(unsafe).toEqual([]);
    expect(result.stdout).toContain('ignored columns: \\x1B]0;Owned\\x1B\\Notes');
    expect(result.stdout).toContain(
      'row 2: rejected: "\\x1B[2J\\x1B[H@nowhere" is not an email address',
    );
    expect(result.stdout).toContain('row 4: rejected: "bad-\\x9B2J" is not an email address');
  }, 60_000);
});

describe('chamber export-contacts', () => {
  it('writes the contacts as CSV that import-contacts reads back with no change', async () => {
    const example = fileURLToPath(new URL('../../../docs/roster-example.csv', import.meta.url));
    expect((await chamber('import-contacts', example)).code).toBe(0);
    const out = path.join(dir, 'export.csv');
    const result = await chamber('export-contacts', '--out', out);
    expect(result.code, result.stderr).toBe(0);
    const [{ n }] = (
      await database.db.execute<{ n: number }>(sql`select count(*)::int as n from business_people`)
    ).rows as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(result.stdout).toBe(`${n} people of the businesses written to ${out}.\n`);
    const csv = await readFile(out, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFFirst Name,Last Name,Business Name,Email,Phone,Website,Address,City,State,ZIP,Tier,Member Since,Specialties,Title,Role,Business ID',
    );

    const again = await chamber('import-contacts', out);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(
      `Created 0, updated 0, skipped ${n} (${n} already up to date), rejected 0.`,
    );
  }, 60_000);
});

describe('chamber set-password', () => {
  it('mails a password-changed notice, to the outbox without SMTP', async () => {
    await createTestUser(database.db, { email: 'notice@member.example', firstName: 'Nadia' });
    const result = await chamber(
      'set-password',
      '--email',
      'notice@member.example',
      '--password',
      'a-fresh-password-1',
    );
    expect(result.code, result.stderr).toBe(0);
    const outbox = path.join(dir, 'outbox');
    const [file] = await readdir(outbox);
    expect(result.stdout).toContain(
      `Password-changed notice written to ${path.join(outbox, file!)}.`,
    );
    const mail = await simpleParser(await readFile(path.join(outbox, file!)));
    expect(mail.subject).toMatch(/password was changed$/);
    expect(mail.text).toContain('Hi Nadia,');
  }, 60_000);
});
