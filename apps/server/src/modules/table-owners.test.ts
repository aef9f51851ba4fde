import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Every table has one owner, named on the first line of its schema file
 * (`packages/db/src/schema/<file>.ts`: `// Owner: modules/<module>.` or `// Owner: lib`). A
 * module reads and writes its own tables; another module's data it reaches through that
 * module's exports (ARCHITECTURE.md, "The database"). The ESLint boundaries see imports
 * between modules, not the tables a module's SQL names, so this test reads each module's
 * source (not its tests) for the tables it imports from `@chamber/db` and the tables its SQL
 * text names.
 *
 * The crossings below are the ones the code had when the rule was written. Each is to move
 * behind the owner's exports; remove its line when it does. A new crossing fails the test: go
 * through the owner's service instead.
 */
const crossings: Record<string, Record<string, string>> = {
  account: {
    contacts: "the member's hub shows its listing; the value report matches its addresses",
    deals: "the hub lists the business's deals",
    event_registrations: "the hub's registrations; the value report's check-ins",
    events: "the hub's registrations show their occurrence's start",
    invoices: "the hub lists the business's open invoices",
    job_posts: "the hub lists the business's job posts",
    listing_counts: "the value report's listing views and clicks (kept by lib/listing-counter)",
    locations: "the value report's year is counted in the chamber's time zone",
    users: "the value report matches the business's logins' addresses",
  },
  admin: {
    audit_log: 'the audit log page reads the entries lib/audit.ts writes',
    contacts: "the users list shows and edits each login's contact; deleting an account",
    deals: "the cockpit's counts",
    event_registrations: "deleting an account deletes its registrations; the cockpit's counts",
    event_seats: "the cockpit's upcoming events and attendance",
    events: "the cockpit's upcoming events and attendance",
    invoices: "the cockpit's open invoices and revenue",
    job_posts: "the cockpit's posts waiting for staff",
    listing_counts: "the at-risk score counts the listing's views (kept by lib/listing-counter)",
    locations: "the cockpit's months are counted in the chamber's time zone",
    mail_outbox: "the cockpit's count of failed mail",
    membership_events: "the cockpit's members by month",
    membership_plans: "the cockpit's members per plan",
    membership_settings: "the cockpit's currency and grace days",
    membership_terms: "the cockpit's members by month and retention",
    memberships: "the cockpit's members by standing",
    payments: "the cockpit's payments and revenue",
    users: 'the users list and its search (the auth module owns logins; admin shows them)',
  },
  auth: {
    business_people: "the session reads its login's role in the business it acts for",
    contacts: "sign-up creates or claims a contact; the session reads its login's contact",
    memberships: "the session reads the standing of its login's membership",
  },
  billing: {
    contacts: "an invoice's addressee; the Stripe customer's details",
    locations: 'the chamber printed on invoices and receipts',
    membership_plans: 'Stripe Checkout and subscriptions name the plan of a membership',
    membership_settings: 'the currency, due days and how-to-pay lines of invoices',
    memberships: "Stripe's customer and subscription are kept on the membership",
  },
  calendars: {
    contacts: "an event's host business",
    event_registrations:
      "the calendar's registration and seat SQL, shared by registrations and check-in, still lives here",
    registration_links: 'the same shared registration SQL: earlier manage links',
    event_seats: 'the same shared seat SQL: seats taken per occurrence',
    mail_outbox: "seat offers are queued in the seat change's transaction",
  },
  communications: {
    business_people: "an audience's role segment lists the people of member businesses",
    event_registrations: "an audience's registrants segment",
    events: 'a registrants segment reaches every date of a series',
    memberships: "an audience's plan and standing segments",
  },
  registrations: {
    events: 'reminders read the events whose registrants they mail',
    locations: "the chamber's hours to take an offered seat",
  },
  tickets: {
    contacts: "whether a registrant's business is paid up",
    event_registrations: 'a ticket is a registration with an invoice, read with it',
    invoice_counters: "a ticket's invoice is numbered in the registration's transaction",
    invoices: "a ticket's invoice is issued and read with its registration",
    membership_settings: "the currency of a ticket's price",
    payments: "a paid ticket's payment, to refund it on cancel",
    users: "whether a registrant's login has the member price",
  },
  celebrations: {
    business_people: "the ambassadors: members' people, mailed each confirmed celebration",
    contacts: 'the business that books, locked while it books, and the ambassadors',
    users: 'the login that booked, mailed each outcome',
  },
  drives: {
    business_people: "volunteers are members' people, named on the leaderboard",
    contacts: 'a prospect is a business: a member, or a new contact without membership',
    invoices: "a prospect shows its pledge's invoice number and status",
    users: 'staff volunteers, and the login a volunteer signs in with',
  },
  chamber: {
    calendars: "the chamber's calendar is read with its record",
  },
  deals: {
    contacts: 'a deal is published from a listing, shown with its name and tier',
    locations: "a deal's last day is in the chamber's time zone",
    users: "a listing's login: only active logins' deals are shown",
  },
  jobs: {
    contacts: 'the business a post is for, shown with its name and tier',
    users: 'the login that wrote the post, mailed when staff decide',
  },
  members: {
    locations: "the directory's day is the chamber's",
    users:
      "a listing's login: who may edit it, and which listings are shown; an invitation makes a sign-in and the business a login acts for",
  },
  memberships: {
    contacts: 'contacts.membership_tier, payment_status and listed are kept from the membership',
    invoices: "a membership's open invoices and the invoices of its terms",
    locations: "the dues run's day is the chamber's",
    mail_outbox: "each dues notice's mail is written by the statement that writes the notice",
    payments: "the dues report's payments; whether a membership was ever paid",
    users: 'a pending login is activated when its member is paid up; a login joins',
  },
};

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = path.resolve(modulesDir, '../../../../packages/db/src/schema');

interface Table {
  /** The name the code imports from `@chamber/db`. */
  exportName: string;
  /** The name the database and raw SQL use. */
  sqlName: string;
  /** `calendar` for `modules/calendar`, or `lib`. */
  owner: string;
  file: string;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The tables of every schema file, with the owner its first line names. */
async function readTables(): Promise<{ tables: Table[]; unowned: string[] }> {
  const tables: Table[] = [];
  const unowned: string[] = [];
  for (const file of await readdir(schemaDir)) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const text = await readFile(path.join(schemaDir, file), 'utf8');
    const owner = /^\/\/ Owner: (?:modules\/([a-z-]+)|(lib))\b/.exec(text);
    const found: Omit<Table, 'owner'>[] = [];
    walk(parse(file, text), (node) => {
      if (!ts.isVariableStatement(node)) return;
      if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
      for (const decl of node.declarationList.declarations) {
        const init = decl.initializer;
        if (!ts.isIdentifier(decl.name) || !init || !ts.isCallExpression(init)) continue;
        if (!ts.isIdentifier(init.expression) || init.expression.text !== 'pgTable') continue;
        const [name] = init.arguments;
        if (!name || !ts.isStringLiteral(name)) continue;
        found.push({ exportName: decl.name.text, sqlName: name.text, file });
      }
    });
    if (found.length > 0 && !owner) unowned.push(file);
    for (const table of found) tables.push({ ...table, owner: owner?.[1] ?? owner?.[2] ?? '' });
  }
  return { tables, unowned };
}

async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await sourceFiles(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(full);
  }
  return files;
}

/** A table named after a keyword that takes one in SQL: `from`, `join`, `into`, ... */
const sqlTableName =
  /\b(?:from|join|update|into|table|truncate|references)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * The tables a source file uses: imported from `@chamber/db` (named, renamed, type-only or
 * through a namespace) or named in the text of a string or template (raw SQL).
 */
function tablesUsed(file: string, text: string, tables: Table[]): Set<Table> {
  const byExport = new Map(tables.map((t) => [t.exportName, t]));
  const bySql = new Map(tables.map((t) => [t.sqlName, t]));
  const used = new Set<Table>();
  const namespaces = new Set<string>();
  const readSql = (literal: string) => {
    for (const match of literal.matchAll(sqlTableName)) {
      const table = bySql.get(match[1]!.toLowerCase());
      if (table) used.add(table);
    }
  };
  walk(parse(file, text), (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === '@chamber/db'
    ) {
      const bindings = ts.isImportDeclaration(node)
        ? node.importClause?.namedBindings
        : node.exportClause;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) {
          const table = byExport.get((element.propertyName ?? element.name).text);
          if (table) used.add(table);
        }
      }
      if (ts.isExportDeclaration(node) && !node.exportClause) {
        throw new Error(`${file} re-exports all of @chamber/db`);
      }
      return;
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      namespaces.has(node.expression.text)
    ) {
      const table = byExport.get(node.name.text);
      if (table) used.add(table);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) readSql(node.text);
    if (ts.isTemplateExpression(node)) {
      readSql([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' '));
    }
  });
  return used;
}

interface Use {
  module: string;
  table: Table;
  files: string[];
}

/** Every use of a table a module does not own, by module and table. */
async function findCrossings(tables: Table[]): Promise<Use[]> {
  const uses: Use[] = [];
  for (const entry of await readdir(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const byTable = new Map<Table, string[]>();
    const dir = path.join(modulesDir, entry.name);
    for (const file of await sourceFiles(dir)) {
      for (const table of tablesUsed(file, await readFile(file, 'utf8'), tables)) {
        if (table.owner === entry.name) continue;
        byTable.set(table, [...(byTable.get(table) ?? []), path.relative(dir, file)]);
      }
    }
    for (const [table, files] of byTable) uses.push({ module: entry.name, table, files });
  }
  return uses;
}

let tables: Table[];
let uses: Use[];
beforeAll(async () => {
  const read = await readTables();
  expect(read.unowned, 'schema files with tables and no `// Owner:` first line').toEqual([]);
  tables = read.tables;
  uses = await findCrossings(tables);
});

describe("which module uses which module's tables", () => {
  it('finds the tables of the schema, each with an owner that exists', async () => {
    // 50 tables when the schema was split: a reading that found none would pass the rest.
    expect(tables.length).toBeGreaterThanOrEqual(50);
    const modules = new Set(
      (await readdir(modulesDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    );
    const missing = tables
      .filter((t) => t.owner !== 'lib' && !modules.has(t.owner))
      .map((t) => `${t.file}: modules/${t.owner}`);
    expect(missing, 'owners named by schema files that are not modules').toEqual([]);
  });

  it("uses another module's tables only in the listed crossings", () => {
    const unlisted = uses
      .filter((use) => crossings[use.module]?.[use.table.sqlName] === undefined)
      .map(
        (use) =>
          `modules/${use.module} uses ${use.table.sqlName} (owned by ${use.table.owner}, ` +
          `schema/${use.table.file}) in ${use.files.join(', ')}`,
      );
    expect(unlisted, "reach the owner's data through its module's exports").toEqual([]);
  });

  it('lists only crossings that are still there', () => {
    const found = new Set(uses.map((use) => `${use.module} → ${use.table.sqlName}`));
    const stale = Object.entries(crossings)
      .flatMap(([module, listed]) => Object.keys(listed).map((table) => `${module} → ${table}`))
      .filter((crossing) => !found.has(crossing));
    expect(stale, 'crossings that are gone: remove them from the list').toEqual([]);
  });
});
