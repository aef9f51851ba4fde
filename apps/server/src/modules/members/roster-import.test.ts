import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessPeople, contacts, memberships, membershipTerms } from '@chamber/db';
import { createTestDatabase, createTestUser } from '../../test/app.js';
import { parseCsv } from '../../lib/csv.js';
import { importRoster, RosterError } from './roster-import.js';
import { readRosterFile } from './roster-file.js';
import { exportRoster } from './roster-export.js';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-03-10T17:00:00Z');
const run = (csv: string, options: Parameters<typeof importRoster>[2] = {}) =>
  importRoster(database.db, parseCsv(csv), { now, ...options });

async function contactByEmail(email: string) {
  const [row] = await database.db
    .select()
    .from(contacts)
    .where(sql`lower(${contacts.email}) = lower(${email})`);
  return row;
}

/** A roster as a spreadsheet exports it: BOM, CRLF, quoted cells with commas and line breaks. */
const roster = [
  '\uFEFFFirst Name,Last Name,Business Name,Email,Phone,Website,Address,City,State,ZIP,Tier,Member Since,Specialties,Notes',
  'Hannah,Whitlock,Jordan Valley Florist,hannah@jvflorist.example,(801) 555-0311,https://jvflorist.example,12410 S Redwood Rd,Riverton,UT,84065,Elite,2009-04-01,Florist; Weddings,pays by check',
  'Victor,Okafor,"Redwood Auto Care, Inc.",Victor@RedwoodAuto.example,(801) 555-0322,redwoodauto.example,"1690 W 12600 S\r\nUnit B",Riverton,ut,84065,enhanced,6/15/2017,Auto Repair|Tires,',
  'Priya,Natarajan,"Canal Street ""Used & New"" Books",priya@canalbooks.example,,,,,,,basic,,,',
  ',,,,,,,,,,,,,',
  'Victor,Okafor,Duplicate Row,victor@redwoodauto.example,,,,,,,,,,',
  'Nobody,Here,No Email Co,,,,,,,,,,,',
  'Bad,Address,Bad Address Co,bob@,,,,,,,,,,',
  'Gold,Member,Gold Co,gold@tiers.example,,,,,,,gold,,,',
  'Late,Date,Date Co,date@dates.example,,,,,,,,2023-02-30,,',
  'Long,State,State Co,state@states.example,,,,,Utah,,,,,',
  'Odd,Site,Site Co,site@sites.example,,javascript:alert(1),,,,,,,,',
  ',,,noname@nobody.example,,,,,,,,,,',
].join('\r\n');

describe('importRoster', () => {
  it('creates good rows, skips duplicates, and rejects broken rows with reasons', async () => {
    const report = await run(roster);
    expect(report.rows).toBe(11);
    // A bad tier, date or website leaves that cell out; the contact still loads. 'Utah' is UT.
    expect(report.counts).toEqual({ created: 7, updated: 0, skipped: 1, rejected: 3 });
    expect(report.rejectedCells).toBe(3);
    expect(report.ignoredColumns).toEqual(['Notes']);
    expect(report.lines.filter((l) => l.rejectedCells)).toEqual([
      {
        row: 9,
        outcome: 'created',
        detail: 'Gold Co (Gold Member) <gold@tiers.example>',
        rejectedCells: [
          'tier "gold" names no plan (the plans are Basic, Enhanced and Elite); the tier was left as it was',
        ],
      },
      {
        row: 10,
        outcome: 'created',
        detail: 'Date Co (Late Date) <date@dates.example>',
        rejectedCells: ['member since "2023-02-30" is not a date (use YYYY-MM-DD)'],
      },
      {
        row: 12,
        outcome: 'created',
        detail: 'Site Co (Odd Site) <site@sites.example>',
        rejectedCells: ['website "javascript:alert(1)" is not a web address'],
      },
    ]);
    expect(report.lines.filter((l) => l.outcome !== 'created')).toEqual([
      {
        row: 6,
        outcome: 'skipped',
        detail: 'same email as row 3 (victor@redwoodauto.example)',
      },
      { row: 7, outcome: 'rejected', detail: 'no email address (rows are matched by email)' },
      { row: 8, outcome: 'rejected', detail: '"bob@" is not an email address' },
      {
        row: 13,
        outcome: 'rejected',
        detail: 'needs a name or a business name (the email is not on file)',
      },
    ]);

    expect(await contactByEmail('hannah@jvflorist.example')).toMatchObject({
      firstName: 'Hannah',
      lastName: 'Whitlock',
      businessName: 'Jordan Valley Florist',
      phone: '(801) 555-0311',
      website: 'https://jvflorist.example',
      address1: '12410 S Redwood Rd',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
      membershipTier: 'elite',
      memberSince: '2009-04-01',
      specialties: ['Florist', 'Weddings'],
    });
    expect(await contactByEmail('victor@redwoodauto.example')).toMatchObject({
      email: 'Victor@RedwoodAuto.example',
      businessName: 'Redwood Auto Care, Inc.',
      website: 'https://redwoodauto.example',
      // Line breaks inside a cell become spaces.
      address1: '1690 W 12600 S Unit B',
      state: 'UT',
      membershipTier: 'enhanced',
      memberSince: '2017-06-15',
      specialties: ['Auto Repair', 'Tires'],
    });
    expect(await contactByEmail('priya@canalbooks.example')).toMatchObject({
      businessName: 'Canal Street "Used & New" Books',
      membershipTier: 'standard',
      // No date in the file: when this member joined is not known, not the day of the import.
      memberSince: null,
      phone: null,
      specialties: [],
    });
    expect(await contactByEmail('gold@tiers.example')).toMatchObject({
      membershipTier: 'standard',
    });
    expect(await contactByEmail('date@dates.example')).toMatchObject({ memberSince: null });
    expect(await contactByEmail('state@states.example')).toMatchObject({ state: 'UT' });
    expect(await contactByEmail('site@sites.example')).toMatchObject({ website: null });
  });

  it("keeps 'member since' unknown for a row without one, through the member's renewals", async () => {
    await run('email,business name,member since\nunknown@since.example,Since Co,\n');
    const contact = (await contactByEmail('unknown@since.example'))!;
    expect(contact).toMatchObject({ memberSince: null, listed: true, paymentStatus: 'paid' });
    const [membership] = await database.db
      .select()
      .from(memberships)
      .where(eq(memberships.contactId, contact.id));
    // A member already: active, with the term the import gave it.
    expect(membership).toMatchObject({ status: 'active' });
    const terms = await database.db
      .select()
      .from(membershipTerms)
      .where(eq(membershipTerms.membershipId, membership!.id));
    expect(terms).toHaveLength(1);
    // Its next term is a renewal, not the day it joined.
    await database.db.insert(membershipTerms).values({
      membershipId: membership!.id,
      planId: membership!.planId,
      startsOn: '2027-03-10',
      endsOn: '2028-03-09',
    });
    expect((await contactByEmail('unknown@since.example'))!.memberSince).toBeNull();
  });

  it("clears the import day the migration finds as 'member since', and keeps dates given", async () => {
    await run(
      [
        'email,business name,member since',
        'stale@since.example,Stale Co,',
        'given@since.example,Given Co,2015-05-01',
        'claimed@since.example,Claimed Co,',
      ].join('\n'),
    );
    // As imports before this change left them: the day of the import, from the first term.
    const stale = (await contactByEmail('stale@since.example'))!;
    const claimed = (await contactByEmail('claimed@since.example'))!;
    const [term] = await database.db
      .select({ startsOn: membershipTerms.startsOn })
      .from(membershipTerms)
      .innerJoin(memberships, eq(memberships.id, membershipTerms.membershipId))
      .where(eq(memberships.contactId, stale.id));
    expect(term!.startsOn).toBe('2026-03-10');
    await database.db
      .update(contacts)
      .set({ memberSince: '2026-03-10' })
      .where(sql`${contacts.id} in (${stale.id}, ${claimed.id})`);
    // A member who claimed the listing has a login: their date is theirs to correct.
    await createTestUser(database.db, { email: 'claimed@since.example', contactId: claimed.id });

    await database.db.execute(sql.raw(await memberSinceRepair()));
    expect((await contactByEmail('stale@since.example'))!.memberSince).toBeNull();
    expect((await contactByEmail('given@since.example'))!.memberSince).toBe('2015-05-01');
    expect((await contactByEmail('claimed@since.example'))!.memberSince).toBe('2026-03-10');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await database.db.select().from(contacts);
    const report = await run(roster);
    expect(report.counts).toEqual({ created: 0, updated: 0, skipped: 8, rejected: 3 });
    expect(report.lines.filter((l) => l.detail.startsWith('already up to date'))).toHaveLength(7);
    expect(await database.db.select().from(contacts)).toEqual(before);
  });

  it('updates what changed, by email without case, and never erases with an empty cell', async () => {
    const csv = [
      'email,tier,phone,website,business',
      'HANNAH@jvflorist.example,enhanced,(801) 555-9999,,',
    ].join('\n');
    const report = await run(csv);
    expect(report.counts).toMatchObject({ created: 0, updated: 1 });
    expect(report.lines[0]).toEqual({
      row: 2,
      outcome: 'updated',
      detail: 'Jordan Valley Florist (Hannah Whitlock) <HANNAH@jvflorist.example>: phone, tier',
    });
    expect(await contactByEmail('hannah@jvflorist.example')).toMatchObject({
      membershipTier: 'enhanced',
      phone: '(801) 555-9999',
      website: 'https://jvflorist.example',
      businessName: 'Jordan Valley Florist',
    });
  });

  it('leaves a claimed contact’s own details to its member, but updates tier and member since', async () => {
    const user = await createTestUser(database.db, {
      email: 'claimed@member.example',
      contact: { firstName: 'Clara', businessName: 'Clara’s Cakes', membershipTier: 'standard' },
    });
    expect(user.contactId).toBeTruthy();
    const csv = [
      'email,first name,business name,tier,member since',
      'claimed@member.example,Roster Name,Roster Business,elite,2015-05-05',
    ].join('\n');
    const report = await run(csv);
    expect(report.lines[0]!.detail).toMatch(/: tier, member since$/);
    const [stored] = await database.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, user.contactId!));
    expect(stored).toMatchObject({
      firstName: 'Clara',
      businessName: 'Clara’s Cakes',
      membershipTier: 'elite',
      memberSince: '2015-05-05',
    });
  });

  it('takes a single name column, split at the last word', async () => {
    await run('Name,Email\nMary Ann Smith,maryann@names.example\nCher,cher@names.example\n');
    expect(await contactByEmail('maryann@names.example')).toMatchObject({
      firstName: 'Mary Ann',
      lastName: 'Smith',
    });
    expect(await contactByEmail('cher@names.example')).toMatchObject({
      firstName: 'Cher',
      lastName: '',
    });
  });

  it('saves nothing in a dry run but reports the same', async () => {
    const csv = 'email,business\ndry@run.example,Dry Run Co\nbad,Nope\n';
    const report = await run(csv, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.counts).toEqual({ created: 1, updated: 0, skipped: 0, rejected: 1 });
    expect(await contactByEmail('dry@run.example')).toBeUndefined();
  });

  it('refuses a file without an email column or with two columns for one field', async () => {
    await expect(run('name,phone\nA,1\n')).rejects.toThrow(RosterError);
    await expect(run('name,phone\nA,1\n')).rejects.toThrow(/no email column/);
    await expect(run('email,e-mail\na@b.example,a@b.example\n')).rejects.toThrow(
      'Two columns mean the same thing: "email" and "e-mail"',
    );
    await expect(run('')).rejects.toThrow('The file is empty.');
  });

  it('reports progress on a large file and writes it in batches', async () => {
    const rows = Array.from(
      { length: 2500 },
      (_, i) => `Member ${i},Business ${i},member${i}@bulk.example,basic`,
    );
    const progress: [number, number][] = [];
    const report = await run(['name,business,email,tier', ...rows].join('\n'), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(report.counts.created).toBe(2500);
    expect(progress).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  }, 60_000);

  it('rejects a row with a NUL character in a cell, naming the cell, and loads the rest', async () => {
    const csv = [
      'Email,Business Name,Notes',
      'nul-before@cells.example,Before Co,',
      'nul-business@cells.example,"Bad\u0000Co",',
      'nul\u0000email@cells.example,Mail Co,',
      'nul-notes@cells.example,Notes Co,ignored \u0000 column',
      'nul-after@cells.example,After Co,',
    ].join('\n');
    const report = await run(csv);
    // The NUL business name is left out, and that contact then has no name to be listed by.
    expect(report.counts).toEqual({ created: 3, updated: 0, skipped: 0, rejected: 2 });
    expect(report.lines.filter((l) => l.outcome === 'rejected')).toEqual([
      {
        row: 3,
        outcome: 'rejected',
        detail: 'needs a name or a business name (the email is not on file)',
        rejectedCells: ['the business name cell (column 2) contains a NUL character'],
      },
      { row: 4, outcome: 'rejected', detail: 'the email cell (column 1) contains a NUL character' },
    ]);
    for (const email of ['before', 'notes', 'after']) {
      expect(await contactByEmail(`nul-${email}@cells.example`)).toBeDefined();
    }
    expect(await contactByEmail('nul-business@cells.example')).toBeUndefined();
  });

  it('imports the example roster in the docs', async () => {
    const csv = readFileSync(
      new URL('../../../../../docs/roster-example.csv', import.meta.url),
      'utf8',
    );
    const report = await run(csv);
    expect(report.counts).toEqual({ created: 4, updated: 0, skipped: 0, rejected: 0 });
    expect(report.ignoredColumns).toEqual([]);
  });
});

async function peopleOf(contactId: string) {
  return database.db
    .select()
    .from(businessPeople)
    .where(eq(businessPeople.contactId, contactId))
    .orderBy(sql`${businessPeople.role} <> 'primary'`, businessPeople.email);
}

describe('importRoster: businesses and their people', () => {
  it('makes one business of the rows sharing a business id: the first row its primary person', async () => {
    const report = await run(
      [
        'Business ID,Business Name,First Name,Last Name,Email,Phone,Title,Role,Tier,Website',
        'B-7,Oquirrh Outfitters,Ada,Ferris,ada@oquirrh.example,(801) 555-0700,Owner,,elite,oquirrh.example',
        'B-7,Oquirrh Outfitters,Ben,Lowe,ben@oquirrh.example,(801) 555-0701,Bookkeeper,billing,elite,oquirrh.example',
        'b-7,,Cy,Moss,cy@oquirrh.example,,Sales,,,',
        'B-8,Other Shop,Dee,Park,dee@other.example,,,,,',
      ].join('\n'),
    );
    expect(report.counts).toEqual({ created: 4, updated: 0, skipped: 0, rejected: 0 });
    expect(report.businesses).toEqual({ created: 2, matched: 0, refused: 0 });
    expect(report.people).toEqual({ created: 4, matched: 0, refused: 0 });
    expect(report.lines.map((l) => l.detail)).toEqual([
      'Oquirrh Outfitters (Ada Ferris) <ada@oquirrh.example>',
      'Oquirrh Outfitters: Ben Lowe <ben@oquirrh.example>, billing',
      'Oquirrh Outfitters: Cy Moss <cy@oquirrh.example>, employee',
      'Other Shop (Dee Park) <dee@other.example>',
    ]);
    const business = (await contactByEmail('ada@oquirrh.example'))!;
    expect(business).toMatchObject({
      businessName: 'Oquirrh Outfitters',
      firstName: 'Ada',
      phone: '(801) 555-0700',
      membershipTier: 'elite',
      website: 'https://oquirrh.example',
    });
    expect(await contactByEmail('ben@oquirrh.example')).toBeUndefined();
    expect(
      (await peopleOf(business.id)).map((p) => [
        p.role,
        p.firstName,
        p.lastName,
        p.email,
        p.phone,
        p.title,
      ]),
    ).toEqual([
      ['primary', 'Ada', 'Ferris', 'ada@oquirrh.example', '(801) 555-0700', 'Owner'],
      ['billing', 'Ben', 'Lowe', 'ben@oquirrh.example', '(801) 555-0701', 'Bookkeeper'],
      ['employee', 'Cy', 'Moss', 'cy@oquirrh.example', null, 'Sales'],
    ]);

    // The same file again changes nothing; a changed title and a new person are matched by email.
    const again = await run(
      [
        'Business ID,Business Name,First Name,Last Name,Email,Title,Role',
        `${business.id},Oquirrh Outfitters,Ada,Ferris,ada@oquirrh.example,Owner,`,
        `${business.id},,Ben,Lowe,ben@oquirrh.example,Controller,billing`,
        `${business.id},,Cy,Moss,cy@oquirrh.example,Sales,`,
        `${business.id},,Eli,Shaw,eli@oquirrh.example,,editor`,
      ].join('\n'),
    );
    expect(again.businesses).toEqual({ created: 0, matched: 1, refused: 0 });
    expect(again.people).toEqual({ created: 1, matched: 3, refused: 0 });
    expect(again.counts).toEqual({ created: 1, updated: 1, skipped: 2, rejected: 0 });
    expect(again.lines[1]!.detail).toBe(
      'Oquirrh Outfitters: Ben Lowe <ben@oquirrh.example>: title',
    );
    expect((await peopleOf(business.id)).map((p) => [p.role, p.email, p.title])).toEqual([
      ['primary', 'ada@oquirrh.example', 'Owner'],
      ['billing', 'ben@oquirrh.example', 'Controller'],
      ['employee', 'cy@oquirrh.example', 'Sales'],
      ['editor', 'eli@oquirrh.example', ''],
    ]);
  });

  it('groups rows without a business id by business name and website or phone', async () => {
    const report = await run(
      [
        'Business Name,Name,Email,Website,Phone,Role',
        'Bingham Bagels,Gus Grant,gus@bagels.example,https://www.bagels.example/,,',
        'bingham  bagels,Hal Hart,hal@bagels.example,bagels.example,,billing',
        'Bingham Bagels,Ivy Iles,ivy@bagels.example,,801.555.0900,',
        'Bingham Bagels,Jo Jay,jo@bagels.example,,(801) 555-0900,',
        'Bingham Bagels,Kit Kay,kit@elsewhere.example,elsewhere.example,,',
        'Other Bagels,Lu Lee,lu@bagels.example,bagels.example,,',
      ].join('\n'),
    );
    // Gus and Hal share name and site; Ivy and Jo name and phone; Kit and Lu are businesses of their own.
    expect(report.businesses).toEqual({ created: 4, matched: 0, refused: 0 });
    expect(report.people).toEqual({ created: 6, matched: 0, refused: 0 });
    const gus = (await contactByEmail('gus@bagels.example'))!;
    const ivy = (await contactByEmail('ivy@bagels.example'))!;
    expect((await peopleOf(gus.id)).map((p) => [p.role, p.email])).toEqual([
      ['primary', 'gus@bagels.example'],
      ['billing', 'hal@bagels.example'],
    ]);
    expect((await peopleOf(ivy.id)).map((p) => [p.role, p.email])).toEqual([
      ['primary', 'ivy@bagels.example'],
      ['employee', 'jo@bagels.example'],
    ]);
    expect(await contactByEmail('kit@elsewhere.example')).toMatchObject({
      businessName: 'Bingham Bagels',
    });
    expect(await contactByEmail('lu@bagels.example')).toMatchObject({
      businessName: 'Other Bagels',
    });
  });

  it('refuses a second primary person, and a business without a name, saying why', async () => {
    const report = await run(
      [
        'Business ID,Business Name,Name,Email,Role',
        'T1,Tooele Tile,Max Moe,max@tile.example,primary',
        'T1,Tooele Tile,Ned Noe,ned@tile.example,primary',
        'T1,Tooele Tile,Oz Oh,oz@tile.example,boss',
        'T2,,,nameless@tile.example,',
        'T2,,Pat Poe,pat@tile.example,employee',
      ].join('\n'),
    );
    expect(report.businesses).toEqual({ created: 1, matched: 0, refused: 1 });
    expect(report.people).toEqual({ created: 2, matched: 0, refused: 3 });
    expect(report.counts).toEqual({ created: 2, updated: 0, skipped: 0, rejected: 3 });
    expect(report.lines.filter((l) => l.outcome === 'rejected' || l.rejectedCells)).toEqual([
      {
        row: 3,
        outcome: 'rejected',
        detail:
          'Tooele Tile already has its primary contact (row 2); a business has one: use billing, editor or employee',
      },
      {
        row: 4,
        outcome: 'created',
        detail: 'Tooele Tile: Oz Oh <oz@tile.example>, employee',
        rejectedCells: [
          'role "boss" is not a role (the roles are primary, billing, editor and employee)',
        ],
      },
      {
        row: 5,
        outcome: 'rejected',
        detail: 'needs a name or a business name (the email is not on file)',
      },
      {
        row: 6,
        outcome: 'rejected',
        detail:
          'its business was not imported (row 5: needs a name or a business name (the email is not on file))',
      },
    ]);
    const tile = (await contactByEmail('max@tile.example'))!;
    expect((await peopleOf(tile.id)).map((p) => [p.role, p.email])).toEqual([
      ['primary', 'max@tile.example'],
      ['employee', 'oz@tile.example'],
    ]);
    expect(await contactByEmail('pat@tile.example')).toBeUndefined();

    // A business on file keeps its primary person: a row claiming the role is refused.
    const onFile = await run(
      ['Business ID,Name,Email,Role', `${tile.id},Quin Que,quin@tile.example,primary`].join('\n'),
    );
    expect(onFile.businesses).toEqual({ created: 0, matched: 1, refused: 0 });
    expect(onFile.lines).toEqual([
      {
        row: 2,
        outcome: 'rejected',
        detail:
          'Tooele Tile already has its primary contact (max@tile.example); a business has one: use billing, editor or employee',
      },
    ]);
  });
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/rosters/${name}`, import.meta.url));

describe('roster files as spreadsheets save them', () => {
  it('reads a Windows-1252 file (Excel’s CSV on Windows) without mangling accents', async () => {
    const file = readRosterFile(fixture('windows-1252.csv'));
    expect(file.encoding).toBe('Windows-1252');
    const report = await importRoster(database.db, file.records, { now });
    expect(report.counts).toMatchObject({ created: 2, rejected: 0 });
    expect(await contactByEmail('jose@senortaco.example')).toMatchObject({
      firstName: 'José',
      lastName: 'Peña',
      businessName: 'Señor Taco',
    });
    expect(await contactByEmail('zoe@cafeole.example')).toMatchObject({
      firstName: 'Zoë',
      businessName: 'Café Olé — Crêpes',
    });
  });

  it('reads UTF-16 with a byte-order mark, little- and big-endian', async () => {
    for (const [name, encoding, email] of [
      ['utf-16le-bom.csv', 'UTF-16 LE', 'jose16le@senortaco.example'],
      ['utf-16be-bom.csv', 'UTF-16 BE', 'jose16be@senortaco.example'],
    ] as const) {
      const file = readRosterFile(fixture(name));
      expect(file.encoding).toBe(encoding);
      expect(file.records[0]![0]).toBe('First Name');
      const report = await importRoster(database.db, file.records, { now });
      expect(report.counts).toMatchObject({ created: 2, rejected: 0 });
      expect(report.ignoredColumns).toEqual([]);
      expect(await contactByEmail(email)).toMatchObject({ businessName: 'Señor Taco' });
    }
  });

  it('reads UTF-8, with or without a byte-order mark, as UTF-8', () => {
    const utf8 = Buffer.from('\uFEFFEmail,Business\r\na@b.example,Señor Taco\r\n', 'utf8');
    expect(readRosterFile(utf8)).toEqual({
      encoding: 'UTF-8',
      separator: ',',
      records: [
        ['Email', 'Business'],
        ['a@b.example', 'Señor Taco'],
      ],
    });
    expect(readRosterFile(utf8.subarray(3)).encoding).toBe('UTF-8');
  });

  it('sniffs semicolon-separated files (Excel in much of Europe)', async () => {
    const file = readRosterFile(fixture('semicolons.csv'));
    expect(file).toMatchObject({ encoding: 'Windows-1252', separator: ';' });
    const report = await importRoster(database.db, file.records, { now });
    expect(report.counts).toMatchObject({ created: 2, rejected: 0 });
    expect(report.ignoredColumns).toEqual([]);
    expect(await contactByEmail('ines@boulangerie.example')).toMatchObject({
      firstName: 'Inès',
      businessName: 'Boulangerie Dubois; Café, Pâtisserie',
      membershipTier: 'elite',
      specialties: ['Bakery', 'Catering'],
    });
    expect(await contactByEmail('joerg@muellerhaus.example')).toMatchObject({
      lastName: 'Müller',
    });
  });

  it('sniffs tab-separated UTF-16 (Excel’s ‘Unicode Text’)', async () => {
    const file = readRosterFile(fixture('unicode-text.txt'));
    expect(file).toMatchObject({ encoding: 'UTF-16 LE', separator: '\t' });
    const report = await importRoster(database.db, file.records, { now });
    expect(report.counts).toMatchObject({ created: 2, rejected: 0 });
    expect(await contactByEmail('ana@tacos.example')).toMatchObject({
      lastName: 'López',
      businessName: 'Tacos, Tortas & Más',
      membershipTier: 'enhanced',
    });
  });

  it('keeps commas as the separator when the header has no other', () => {
    expect(readRosterFile(Buffer.from('Email\na@b.example\n')).separator).toBe(',');
    expect(readRosterFile(Buffer.from('"Name; Title",Email\nA,a@b.example\n')).separator).toBe(',');
  });

  it('reads the headers of membership software exports, state names and spelled-out dates', async () => {
    const a = readRosterFile(fixture('membership-export-a.csv'));
    const report = await importRoster(database.db, a.records, { now });
    // The contact person's email is the one rows are matched by; the general one is ignored.
    expect(report.ignoredColumns).toEqual(['Email']);
    expect(report.counts).toMatchObject({ created: 3, rejected: 0 });
    expect(report.lines.filter((l) => l.rejectedCells)).toEqual([
      {
        row: 3,
        outcome: 'created',
        detail: 'Bluebird Diner (Omar Haddad) <omar@bluebirddiner.example>',
        rejectedCells: [
          'tier "Platinum" names no plan (the plans are Basic, Enhanced and Elite); the tier was left as it was',
        ],
      },
    ]);
    expect(await contactByEmail('dana@rivertonhardware.example')).toMatchObject({
      businessName: 'Riverton Hardware',
      firstName: 'Dana',
      lastName: 'Cole',
      membershipTier: 'enhanced',
      memberSince: '2019-03-12',
      city: 'Riverton',
      state: 'UT',
      postalCode: '84065',
    });
    expect(await contactByEmail('omar@bluebirddiner.example')).toMatchObject({
      memberSince: '2019-03-05',
      membershipTier: 'standard',
    });
    // Two-digit years are the latest such year not in the future.
    expect(await contactByEmail('kim@aspendental.example')).toMatchObject({
      memberSince: '1998-07-01',
      state: 'NY',
      membershipTier: 'elite',
    });

    const b = readRosterFile(fixture('membership-export-b.csv'));
    const second = await importRoster(database.db, b.records, { now });
    expect(second.ignoredColumns).toEqual([]);
    expect(second.counts).toMatchObject({ created: 2, rejected: 0 });
    expect(second.lines[1]).toEqual({
      row: 3,
      outcome: 'created',
      detail: 'Copper Kettle <jo@copperkettle.example>',
      rejectedCells: [
        'state "Narnia" is not a state code (use 2-letter state codes, e.g. UT)',
        'member since "31 Feb 2020" is not a date (use YYYY-MM-DD)',
      ],
    });
    expect(await contactByEmail('sky@harboryoga.example')).toMatchObject({
      businessName: 'Harbor Yoga, LLC',
      memberSince: '2019-03-12',
      state: 'UT',
      membershipTier: 'standard',
    });
    expect(await contactByEmail('jo@copperkettle.example')).toMatchObject({
      membershipTier: 'elite',
      state: null,
      memberSince: null,
    });
  });
});

describe('exportRoster', () => {
  it('writes every contact in the columns the import reads, so it re-imports with no change', async () => {
    await run(
      [
        'First Name,Last Name,Business Name,Email,Phone,Website,Address,City,State,ZIP,Tier,Member Since,Specialties',
        'Eve,"O\'Neil, Jr.",=HYPERLINK("http://evil.example"),eve@formula.example,+1 801 555 0100,evil.example,"-12 Main St",Riverton,UT,84065,elite,2001-02-03,@SUM(A1); Cakes',
      ].join('\n'),
    );
    const eve = (await contactByEmail('eve@formula.example'))!;
    const before = await database.db.select().from(contacts);
    const people = await database.db.select().from(businessPeople);
    const { csv, rows } = await exportRoster(database.db);
    // One row per person: every business's primary person, and the people of some.
    expect(rows).toBe(people.length);
    expect(rows).toBeGreaterThan(before.length);
    expect(csv.startsWith('\uFEFFFirst Name,Last Name,Business Name,Email,')).toBe(true);
    // No cell starts with a formula character: each is after an apostrophe, except the phone
    // and ZIP, written as text formulas of their digits so spreadsheets keep them as written.
    expect(csv).toContain(
      `Eve,"O'Neil, Jr.","'=HYPERLINK(""http://evil.example"")",eve@formula.example,"=""+1 801 555 0100""",https://evil.example,'-12 Main St,Riverton,UT,"=""84065""",elite,2001-02-03,'@SUM(A1); Cakes,,primary,${eve.id}\r\n`,
    );
    for (const record of parseCsv(csv)) {
      for (const cell of record) {
        if (!/^="[\d\s()+\-.,/:eE]*"$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@]/);
      }
    }

    const file = readRosterFile(Buffer.from(csv, 'utf8'));
    const report = await importRoster(database.db, file.records, { now });
    expect(report.ignoredColumns).toEqual([]);
    expect(report.rejectedCells).toBe(0);
    expect(report.counts).toEqual({ created: 0, updated: 0, skipped: rows, rejected: 0 });
    expect(report.businesses).toEqual({ created: 0, matched: before.length, refused: 0 });
    expect(report.people).toEqual({ created: 0, matched: rows, refused: 0 });
    expect(await database.db.select().from(contacts)).toEqual(before);
    expect(await database.db.select().from(businessPeople)).toEqual(people);

    // Into an empty database, the same file makes the same businesses with the same people.
    const fresh = await createTestDatabase();
    try {
      const loaded = await importRoster(fresh.db, file.records, { now });
      expect(loaded.businesses).toEqual({ created: before.length, matched: 0, refused: 0 });
      expect(loaded.people).toEqual({ created: rows, matched: 0, refused: 0 });
      const shape = async (db: typeof database.db) =>
        (
          await db
            .select({
              business: contacts.email,
              person: businessPeople.email,
              role: businessPeople.role,
              title: businessPeople.title,
            })
            .from(businessPeople)
            .innerJoin(contacts, eq(contacts.id, businessPeople.contactId))
        )
          .map(
            (r) => `${r.business?.toLowerCase()} ${r.person?.toLowerCase()} ${r.role} ${r.title}`,
          )
          .sort();
      expect(await shape(fresh.db)).toEqual(await shape(database.db));
    } finally {
      await fresh.close();
    }
    expect(await contactByEmail('eve@formula.example')).toMatchObject({
      businessName: '=HYPERLINK("http://evil.example")',
      phone: '+1 801 555 0100',
      specialties: ['@SUM(A1)', 'Cakes'],
    });
  });
});

/** The migration's statement that clears the import day from roster rows already on file. */
async function memberSinceRepair(): Promise<string> {
  const dir = fileURLToPath(new URL('../../../../../packages/db/drizzle/', import.meta.url));
  const name = (await readdir(dir)).find((f) => f.endsWith('_roster_member_since_unknown.sql'))!;
  const statements = (await readFile(`${dir}${name}`, 'utf8')).split('--> statement-breakpoint');
  const code = (st: string) => st.replace(/^\s*--.*$/gm, '').trim();
  return statements.map(code).find((st) => st.startsWith('UPDATE "contacts"'))!;
}
