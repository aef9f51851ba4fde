import {
  type CreateProspectBusiness,
  createProspectBusinessSchema,
  type StaffBusiness,
  type StaffBusinessList,
  type StaffBusinessQuery,
  staffBusinessQuerySchema,
} from '@chamber/contract';
import { contacts, type Database, type Executor } from '@chamber/db';
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';

const columns = {
  id: contacts.id,
  businessName: contacts.businessName,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  memberSince: contacts.memberSince,
};
interface Row {
  id: string;
  businessName: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  memberSince: string | null;
}

const toBusiness = (row: Row): StaffBusiness => {
  const contactName = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    name: row.businessName?.trim() || contactName,
    contactName,
    email: row.email,
    member: row.memberSince !== null,
  };
};

const emailTaken = (member: boolean) =>
  new AppError(
    'conflict',
    member
      ? 'A member business has this email: find it by name instead.'
      : 'A business with this email is already on file: find it by name instead.',
  );

/** `%` and `_` in a search are letters, not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Staff look up any business on file, member or not, and put a new one on file without a
 * membership (a prospect): the staff side of selling to a business the public directory does
 * not show (an unlisted member, or a prospect).
 */
export class StaffBusinessesService {
  constructor(private readonly db: Database) {}

  /** Businesses whose name, primary person's name or email holds the term, by name. */
  async search(query: StaffBusinessQuery): Promise<StaffBusinessList> {
    const { search, limit } = staffBusinessQuerySchema.parse(query);
    const like = likeTerm(search);
    const rows = await this.db
      .select(columns)
      .from(contacts)
      .where(
        sql`(coalesce(${contacts.businessName}, '') ilike ${like}
          or (${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${like}
          or coalesce(${contacts.email}, '') ilike ${like})`,
      )
      .orderBy(asc(contacts.sortName), asc(contacts.id))
      .limit(limit);
    return { businesses: rows.map(toBusiness) };
  }

  /**
   * A new business as a contact without membership (a prospect), not listed in the directory
   * until it joins; the database's triggers give it its primary person. 409 when a business
   * already has the email.
   */
  async createProspect(input: CreateProspectBusiness, session: Session): Promise<StaffBusiness> {
    const data = createProspectBusinessSchema.parse(input);
    const email = data.email.toLowerCase();
    const [first, ...rest] = data.contactName.split(/\s+/);
    try {
      return await this.db.transaction(async (tx) => {
        const taken = await contactByEmail(tx, email);
        if (taken) throw emailTaken(taken.memberSince !== null);
        const [row] = await tx
          .insert(contacts)
          .values({
            businessName: data.name,
            firstName: first ?? '',
            lastName: rest.join(' '),
            email,
            phone: data.phone ?? null,
            listed: false,
          })
          .returning(columns);
        const business = toBusiness(row!);
        await recordAudit(tx, {
          actorId: session.user.id,
          actorEmail: session.user.email,
          action: 'business.prospect.create',
          targetType: 'contact',
          targetId: business.id,
          targetLabel: business.name,
          before: null,
          after: { name: business.name, contactName: business.contactName, email },
          reason: null,
        });
        return business;
      });
    } catch (error) {
      // Another request took the address between the check and the insert.
      if (isUniqueViolation(error)) throw emailTaken(false);
      throw error;
    }
  }
}

async function contactByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: contacts.id, memberSince: contacts.memberSince })
    .from(contacts)
    .where(eq(sql`lower(${contacts.email})`, email));
  return row;
}
