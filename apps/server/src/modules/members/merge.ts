import { eq, sql } from 'drizzle-orm';
import { businessPeople, contacts, type Database, type Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { isUuid, notFound } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';

/**
 * Two businesses that are the same become one (docs/decisions/0125-merging-businesses.md):
 * the merged business's people join the target (the same sign-in once), every row that names
 * the merged business by a reference to `contacts` (invoices, memberships, deals, job posts,
 * celebrations, categories, media, the sign-ins acting for it...) names the target, and the
 * merged contact is deleted, in one transaction. The references are read from the database's
 * catalog, so a table added later is moved too. Where the target already has the row a
 * business has one of (its membership, a category, a day's listing counts), the target's is
 * kept and the merged business's goes with it.
 */
export interface MergeOutcome {
  /** Rows moved to the target, by table (people included). */
  moved: Record<string, number>;
  /** Rows of the merged business dropped because the target had its own, by table. */
  keptTarget: Record<string, number>;
}

interface Reference {
  /** The table, schema-qualified and quoted by the database. */
  table: string;
  /** The referencing column, quoted by the database. */
  column: string;
  /** The other columns of each unique index on the table that includes the column. */
  uniqueWith: string[][];
}

/** Every single-column reference to contacts.id, with the unique indexes it takes part in. */
async function referencesToContacts(db: Executor): Promise<Reference[]> {
  const { rows } = await db.execute<{
    table_name: string;
    column_name: string;
    unique_with: string[][] | null;
  }>(sql`
    select quote_ident(n.nspname) || '.' || quote_ident(t.relname) as table_name,
      quote_ident(a.attname) as column_name,
      (select json_agg(
          (select coalesce(json_agg(quote_ident(ia.attname) order by ia.attnum), '[]'::json)
             from unnest(i.indkey::int2[]) k
             join pg_attribute ia on ia.attrelid = i.indrelid and ia.attnum = k
            where k <> a.attnum))
         from pg_index i
        where i.indrelid = c.conrelid and i.indisunique and a.attnum = any(i.indkey::int2[])
      ) as unique_with
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'contacts'::regclass
      and array_length(c.conkey, 1) = 1
    order by 1, 2`);
  return rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    uniqueWith: r.unique_with ?? [],
  }));
}

/** The merged business's people join the target: the same sign-in once, its primary an editor. */
async function movePeople(tx: Executor, fromId: string, intoId: string, now: Date) {
  const into = await tx
    .select({ userId: businessPeople.userId, email: businessPeople.email })
    .from(businessPeople)
    .where(eq(businessPeople.contactId, intoId));
  const signIns = new Set(into.flatMap((p) => (p.userId ? [p.userId] : [])));
  const emails = new Set(into.flatMap((p) => (p.email ? [p.email.trim().toLowerCase()] : [])));
  const from = await tx.select().from(businessPeople).where(eq(businessPeople.contactId, fromId));
  let dropped = 0;
  for (const person of from) {
    // The same sign-in, or the same address without a sign-in: one person, the target's.
    const same = person.userId
      ? signIns.has(person.userId)
      : Boolean(person.email && emails.has(person.email.trim().toLowerCase()));
    if (same) {
      await tx.delete(businessPeople).where(eq(businessPeople.id, person.id));
      dropped += 1;
    }
  }
  const moved = await tx
    .update(businessPeople)
    .set({
      contactId: intoId,
      role: sql`case when ${businessPeople.role} = 'primary' then 'editor'::business_role else ${businessPeople.role} end`,
      // Staff's choice of who receives the target's invoices stays the target's.
      receivesBillingMail: false,
      updatedAt: now,
    })
    .where(eq(businessPeople.contactId, fromId))
    .returning({ id: businessPeople.id });
  return { moved: moved.length, dropped };
}

/** Moves `fromId`'s rows of one reference to `intoId`, where the target has none in its place. */
async function moveReference(tx: Executor, ref: Reference, fromId: string, intoId: string) {
  const { table, column } = ref;
  // Not where the target has a row of the same unique key (its membership, the same category).
  const clashes = ref.uniqueWith.map((others) => {
    const same = others.map((o) => ` and x.${o} is not distinct from s.${o}`).join('');
    return sql.join([
      sql.raw(` and not exists (select 1 from ${table} x where x.${column} = `),
      sql`${intoId}::uuid`,
      sql.raw(`${same})`),
    ]);
  });
  const moved = await tx.execute(
    sql.join([
      sql.raw(`update ${table} s set ${column} = `),
      sql`${intoId}::uuid`,
      sql.raw(` where s.${column} = `),
      sql`${fromId}::uuid`,
      ...clashes,
    ]),
  );
  const { rows } = await tx.execute<{ left: number }>(
    sql.join([
      sql.raw(`select count(*)::int as left from ${table} where ${column} = `),
      sql`${fromId}::uuid`,
    ]),
  );
  return { moved: moved.rowCount ?? 0, left: rows[0]?.left ?? 0 };
}

/** The name a table is reported by: without its schema and quotes. */
const tableName = (table: string) => table.replace(/^.*\./, '').replaceAll('"', '');

export async function mergeBusinesses(
  db: Database,
  actor: Session,
  fromId: string,
  intoId: string,
  now: Date,
): Promise<MergeOutcome> {
  if (!isUuid(fromId)) throw notFound('Member');
  if (fromId === intoId) {
    throw new AppError('bad_request', 'Choose another business to merge this one into.');
  }
  if (!isUuid(intoId)) throw notFound('Member');
  return db.transaction(async (tx) => {
    // Both locked, in one order, so two merges of the same pair cannot deadlock.
    const locked = await tx
      .select({ id: contacts.id, businessName: contacts.businessName, email: contacts.email })
      .from(contacts)
      .where(sql`${contacts.id} in (${fromId}::uuid, ${intoId}::uuid)`)
      .orderBy(contacts.id)
      .for('update');
    const from = locked.find((c) => c.id === fromId);
    const into = locked.find((c) => c.id === intoId);
    if (!from || !into) throw notFound('Member');

    // Issued invoices keep their business, except in this transaction (migration 0049).
    await tx.execute(sql`select set_config('chamber.merging_business', 'on', true)`);
    const outcome: MergeOutcome = { moved: {}, keptTarget: {} };
    const people = await movePeople(tx, fromId, intoId, now);
    outcome.moved.business_people = people.moved;
    if (people.dropped > 0) outcome.keptTarget.business_people = people.dropped;

    for (const ref of await referencesToContacts(tx)) {
      if (tableName(ref.table) === 'business_people') continue;
      const { moved, left } = await moveReference(tx, ref, fromId, intoId);
      const name = tableName(ref.table);
      if (moved > 0) outcome.moved[name] = (outcome.moved[name] ?? 0) + moved;
      if (left > 0) outcome.keptTarget[name] = (outcome.keptTarget[name] ?? 0) + left;
    }
    // What is left of the merged business (the rows the target had its own of) goes with it.
    await tx.delete(contacts).where(eq(contacts.id, fromId));
    await recordAudit(tx, {
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      action: 'member.merge',
      targetType: 'contact',
      targetId: intoId,
      targetLabel: into.businessName ?? into.email ?? intoId,
      before: { merged: { id: from.id, businessName: from.businessName, email: from.email } },
      after: { ...outcome },
      reason: null,
    });
    return outcome;
  });
}
