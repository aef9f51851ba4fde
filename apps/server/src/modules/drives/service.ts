import {
  type CreateProspect,
  type DriveDetail,
  type DriveInput,
  type DriveList,
  type DriveSummary,
  type DriveTotals,
  type DriveVolunteer,
  type MyDrives,
  type Prospect,
  type ProspectStatus,
  type UpdateProspect,
  type VolunteerCandidates,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import type { BillingService } from '../billing/index.js';
import { chamberCurrency } from '../memberships/index.js';
import * as q from './queries.js';

const notFound = () => new AppError('not_found', 'No such drive.');
const noProspect = () => new AppError('not_found', 'No such prospect.');
const emailTaken = (member: boolean) =>
  new AppError(
    'conflict',
    member
      ? 'A member business has this email: choose it as a member business.'
      : 'A business with this email is already a contact of the chamber.',
  );

/**
 * The moves a prospect may make by a change (PATCH): contacted ⇄ pledged. Invoiced comes from
 * staff sending the invoice, paid from billing recording its payment; neither is undone here.
 */
const moves: Record<ProspectStatus, ProspectStatus[]> = {
  contacted: ['contacted', 'pledged'],
  pledged: ['pledged', 'contacted'],
  invoiced: ['invoiced'],
  paid: ['paid'],
};

const zero = (): DriveTotals => ({ pledgedCents: 0, invoicedCents: 0, paidCents: 0 });

/** Adds a prospect's pledge to totals: pledged counts every stage past contacted. */
function add(totals: DriveTotals, p: q.ProspectRow) {
  if (p.status === 'contacted' || p.pledgeCents === null) return;
  totals.pledgedCents += p.pledgeCents;
  if (p.status === 'invoiced' || p.status === 'paid') totals.invoicedCents += p.pledgeCents;
  if (p.status === 'paid') totals.paidCents += p.pledgeCents;
}

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function volunteerName(v: q.VolunteerView): string {
  if (v.personId) return name(v.personFirst, v.personLast) || 'Volunteer';
  return name(v.userFirst, v.userLast) || v.userEmail || 'Staff';
}

/**
 * Sponsorship drives: staff create them, add volunteers (members' people or staff) and
 * prospects; volunteers work their own prospects; staff turn a pledge into an invoice, and
 * billing's payment of it marks the prospect paid (`register`).
 */
export class DrivesService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly billing: BillingService,
  ) {}

  /** Hooks into billing: a paid sponsorship invoice marks its prospect paid, in its transaction. */
  register(): void {
    this.billing.onPaid('sponsorship', async (tx, invoice) => {
      const prospect = await q.prospectOfInvoice(tx, invoice.id);
      if (!prospect || prospect.status === 'paid') return;
      await q.updateProspect(tx, prospect.id, { status: 'paid', updatedAt: this.clock.now() });
    });
  }

  async list(): Promise<DriveList> {
    const rows = await q.drives(this.db);
    const all = await q.prospects(this.db, { driveIds: rows.map((d) => d.id) });
    return {
      drives: rows.map((d) => {
        const totals = zero();
        for (const p of all) if (p.prospect.driveId === d.id) add(totals, p.prospect);
        return summary(d, totals);
      }),
    };
  }

  async create(session: Session, input: DriveInput): Promise<DriveSummary> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await q.insertDrive(tx, { ...input, createdAt: now, updatedAt: now });
      await this.audit(tx, session, 'drives.create', row.id, row.name, input);
      return summary(row, zero());
    });
  }

  async update(session: Session, id: string, input: DriveInput): Promise<DriveSummary> {
    if (!isUuid(id)) throw notFound();
    return this.db.transaction(async (tx) => {
      const row = await q.updateDrive(tx, id, { ...input, updatedAt: this.clock.now() });
      if (!row) throw notFound();
      await this.audit(tx, session, 'drives.update', row.id, row.name, input);
      const totals = zero();
      for (const p of await q.prospects(tx, { driveIds: [id] })) add(totals, p.prospect);
      return summary(row, totals);
    });
  }

  /** A drive with its leaderboard (each volunteer's totals) and all its prospects. */
  async detail(id: string, db: Executor = this.db): Promise<DriveDetail> {
    const row = isUuid(id) ? await q.drive(db, id) : undefined;
    if (!row) throw notFound();
    const [volunteers, prospects, currency] = await Promise.all([
      q.volunteers(db, [id]),
      q.prospects(db, { driveIds: [id] }),
      chamberCurrency(db),
    ]);
    const names = new Map(volunteers.map((v) => [v.id, volunteerName(v)]));
    const totals = zero();
    const board: DriveVolunteer[] = volunteers.map((v) => {
      const own = zero();
      const mine = prospects.filter((p) => p.prospect.volunteerId === v.id);
      for (const p of mine) add(own, p.prospect);
      return {
        id: v.id,
        name: volunteerName(v),
        businessName: v.personId ? (v.businessName ?? '') : null,
        kind: v.personId ? 'person' : 'staff',
        prospects: mine.length,
        ...own,
      };
    });
    for (const p of prospects) add(totals, p.prospect);
    board.sort((a, b) => b.pledgedCents - a.pledgedCents || a.name.localeCompare(b.name));
    return {
      ...summary(row, totals),
      currency,
      volunteers: board,
      prospects: prospects.map((p) => view(p, names)),
    };
  }

  async candidates(id: string): Promise<VolunteerCandidates> {
    if (!isUuid(id) || !(await q.drive(this.db, id))) throw notFound();
    const { people, staff, businesses } = await q.candidates(this.db);
    return {
      businesses: businesses.map((b) => ({ contactId: b.contactId, name: b.name ?? '' })),
      people: people.map((p) => ({
        personId: p.personId,
        name: name(p.firstName, p.lastName) || 'Unnamed',
        businessName: p.businessName ?? '',
      })),
      staff: staff.map((s) => ({
        userId: s.userId,
        name: name(s.firstName, s.lastName) || s.email,
      })),
    };
  }

  async addVolunteer(
    session: Session,
    driveId: string,
    input: { personId?: string | undefined; userId?: string | undefined },
  ): Promise<DriveDetail> {
    if (!isUuid(driveId) || !(await q.drive(this.db, driveId))) throw notFound();
    if (input.personId && !(await q.memberPerson(this.db, input.personId))) {
      throw new AppError('not_found', 'No such person of a member business.');
    }
    if (input.userId && !(await q.staffLogin(this.db, input.userId))) {
      throw new AppError('not_found', 'No such staff login.');
    }
    await this.db.transaction(async (tx) => {
      const row = await q.insertVolunteer(tx, {
        driveId,
        personId: input.personId ?? null,
        userId: input.userId ?? null,
      });
      if (!row) throw new AppError('conflict', 'Already a volunteer of this drive.');
      await this.audit(tx, session, 'drives.volunteer_add', driveId, 'Volunteer', input);
    });
    return this.detail(driveId);
  }

  async addProspect(session: Session, driveId: string, input: CreateProspect): Promise<Prospect> {
    if (!isUuid(driveId) || !(await q.drive(this.db, driveId))) throw notFound();
    const volunteer = await q.volunteer(this.db, input.volunteerId);
    if (!volunteer || volunteer.driveId !== driveId) {
      throw new AppError('bad_request', 'The volunteer is not one of this drive.');
    }
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      let contactId = input.contactId;
      if (contactId) {
        const found = await q.contact(tx, contactId);
        if (!found?.memberSince) {
          throw new AppError('not_found', 'No such member business.');
        }
      } else {
        const taken = await q.contactByEmail(tx, input.business!.email);
        if (taken) throw emailTaken(taken.memberSince !== null);
        contactId = (
          await q
            .insertProspectContact(tx, {
              name: input.business!.name,
              contactName: input.business!.contactName,
              email: input.business!.email,
              phone: input.business!.phone ?? null,
            })
            .catch((error: unknown) => {
              // Another request took the address between the check and the insert.
              throw isUniqueViolation(error) ? emailTaken(false) : error;
            })
        ).id;
      }
      const row = await q.insertProspect(tx, {
        driveId,
        volunteerId: volunteer.id,
        contactId,
        notes: input.note ? [{ at: now.toISOString(), text: input.note, by: byName(session) }] : [],
        nextStepOn: input.nextStepOn ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await this.audit(tx, session, 'drives.prospect_add', row.id, 'Prospect', { driveId });
      return row.id;
    });
    return this.prospect(id);
  }

  /**
   * A change of a prospect by staff (any of the drive's) or by its own volunteer (`own`:
   * the volunteer rows of the signed-in login). Only contacted ⇄ pledged moves here; a pledge
   * needs its amount and description.
   */
  async updateProspect(
    session: Session,
    prospectId: string,
    input: UpdateProspect,
    scope: { driveId: string } | { own: true },
  ): Promise<Prospect> {
    if (!isUuid(prospectId)) throw noProspect();
    await this.db.transaction(async (tx) => {
      const row = await q.lockProspect(tx, prospectId);
      if (!row) throw noProspect();
      if ('driveId' in scope) {
        if (row.driveId !== scope.driveId) throw noProspect();
      } else {
        const mine = await q.volunteersOfLogin(tx, session.user.id);
        if (!mine.some((v) => v.id === row.volunteerId)) {
          throw new AppError('forbidden', "This prospect is another volunteer's.");
        }
        if (input.volunteerId && input.volunteerId !== row.volunteerId) {
          throw new AppError('forbidden', 'Only staff hand a prospect to another volunteer.');
        }
      }
      const from = prospectStatusOf(row.status);
      const status = input.status ?? from;
      if (!moves[from].includes(status)) {
        throw new AppError('conflict', moveRefusal(from, status));
      }
      const pledgeChange = input.pledgeCents !== undefined || input.pledgeDescription !== undefined;
      if (pledgeChange && (row.status === 'invoiced' || row.status === 'paid')) {
        throw new AppError('conflict', 'The pledge is invoiced: it can no longer change.');
      }
      const pledgeCents = input.pledgeCents ?? row.pledgeCents;
      const pledgeDescription = input.pledgeDescription ?? row.pledgeDescription;
      if (status === 'pledged' && (!pledgeCents || !pledgeDescription)) {
        throw new AppError('bad_request', 'A pledge needs an amount and a description.');
      }
      let volunteerId = row.volunteerId;
      if (input.volunteerId && input.volunteerId !== row.volunteerId) {
        const other = await q.volunteer(tx, input.volunteerId);
        if (!other || other.driveId !== row.driveId) {
          throw new AppError('bad_request', 'The volunteer is not one of this drive.');
        }
        volunteerId = other.id;
      }
      const now = this.clock.now();
      await q.updateProspect(tx, row.id, {
        status,
        volunteerId,
        pledgeCents: status === 'contacted' && !pledgeChange ? row.pledgeCents : pledgeCents,
        pledgeDescription,
        nextStepOn: input.nextStepOn === undefined ? row.nextStepOn : input.nextStepOn,
        notes: input.note
          ? [...row.notes, { at: now.toISOString(), text: input.note, by: byName(session) }]
          : row.notes,
        updatedAt: now,
      });
      if (status !== row.status) {
        await this.audit(tx, session, 'drives.prospect_move', row.id, 'Prospect', {
          from: row.status,
          to: status,
        });
      }
    });
    return this.prospect(prospectId);
  }

  /**
   * Staff's 'Send invoice': a pledged prospect's pledge becomes an invoice of the business
   * (the next gapless number), mailed with its PDF through the outbox; the prospect is then
   * invoiced. 409 for a prospect not pledged.
   */
  async sendInvoice(session: Session, driveId: string, prospectId: string): Promise<Prospect> {
    if (!isUuid(prospectId) || !isUuid(driveId)) throw noProspect();
    const drive = await q.drive(this.db, driveId);
    if (!drive) throw notFound();
    await this.db.transaction(async (tx) => {
      const row = await q.lockProspect(tx, prospectId);
      if (!row || row.driveId !== driveId) throw noProspect();
      if (row.status !== 'pledged') {
        throw new AppError(
          'conflict',
          row.status === 'contacted'
            ? 'Record the pledge before sending its invoice.'
            : 'The invoice has already been sent.',
        );
      }
      const issued = await this.billing.issueInvoice(
        tx,
        {
          contactId: row.contactId,
          purpose: 'sponsorship',
          purposeDetail: { driveId, prospectId: row.id },
          lines: [
            { description: `${drive.name}: ${row.pledgeDescription}`, unitCents: row.pledgeCents! },
          ],
        },
        { id: session.user.id, label: session.user.email },
      );
      const now = this.clock.now();
      await q.updateProspect(tx, row.id, {
        status: 'invoiced',
        invoiceId: issued.invoice.id,
        updatedAt: now,
      });
      await this.billing.documents?.queueMail(tx, now, issued.invoice.id, 'invoice');
      await this.audit(tx, session, 'drives.prospect_invoice', row.id, issued.invoice.number, {
        invoiceId: issued.invoice.id,
      });
    });
    return this.prospect(prospectId);
  }

  /** The signed-in login's drives as a volunteer, each with its own prospects only. */
  async mine(session: Session): Promise<MyDrives> {
    const mine = await q.volunteersOfLogin(this.db, session.user.id);
    if (mine.length === 0) return { drives: [] };
    const currency = await chamberCurrency(this.db);
    const rows = (await q.drives(this.db)).filter((d) => mine.some((v) => v.driveId === d.id));
    const prospects = await q.prospects(this.db, { volunteerIds: mine.map((v) => v.id) });
    const volunteers = await q.volunteers(
      this.db,
      rows.map((d) => d.id),
    );
    const names = new Map(volunteers.map((v) => [v.id, volunteerName(v)]));
    return {
      drives: rows.map((d) => {
        const volunteerId = mine.find((v) => v.driveId === d.id)!.id;
        const own = prospects.filter((p) => p.prospect.volunteerId === volunteerId);
        const totals = zero();
        for (const p of own) add(totals, p.prospect);
        return {
          ...summary(d, totals),
          currency,
          volunteerId,
          prospects: own.map((p) => view(p, names)),
        };
      }),
    };
  }

  private async prospect(id: string): Promise<Prospect> {
    const [row] = await q.prospects(this.db, { ids: [id] });
    if (!row) throw noProspect();
    const volunteers = await q.volunteers(this.db, [row.prospect.driveId]);
    return view(row, new Map(volunteers.map((v) => [v.id, volunteerName(v)])));
  }

  private audit(
    tx: Executor,
    session: Session,
    action: string,
    targetId: string,
    targetLabel: string,
    after: object,
  ) {
    return recordAudit(tx, {
      actorId: session.user.id,
      actorEmail: session.user.email,
      action,
      targetType: 'sponsorship_drive',
      targetId,
      targetLabel,
      before: null,
      after: { ...after },
    });
  }
}

function byName(session: Session) {
  return name(session.user.firstName, session.user.lastName) || session.user.email;
}

function moveRefusal(from: ProspectStatus, to: ProspectStatus): string {
  if (to === 'invoiced')
    return "A prospect is invoiced by staff's 'Send invoice', not moved there.";
  if (to === 'paid') return 'A prospect is paid when its invoice is paid, not moved there.';
  if (from === 'paid') return 'A paid prospect stays paid.';
  return 'An invoiced prospect stays invoiced until its invoice is paid.';
}

function summary(d: q.DriveRow, totals: DriveTotals): DriveSummary {
  return {
    id: d.id,
    name: d.name,
    goalCents: d.goalCents,
    startsOn: d.startsOn,
    endsOn: d.endsOn,
    ...totals,
  };
}

function view(p: q.ProspectView, names: Map<string, string>): Prospect {
  const r = p.prospect;
  return {
    id: r.id,
    driveId: r.driveId,
    volunteerId: r.volunteerId,
    volunteerName: names.get(r.volunteerId) ?? 'Volunteer',
    contactId: r.contactId,
    businessName: p.businessName ?? name(p.firstName, p.lastName),
    contactName: name(p.firstName, p.lastName),
    email: p.email,
    phone: p.phone,
    member: p.memberSince !== null,
    status: prospectStatusOf(r.status),
    notes: r.notes,
    nextStepOn: r.nextStepOn,
    pledgeCents: r.pledgeCents,
    pledgeDescription: r.pledgeDescription,
    invoice:
      r.invoiceId && p.invoiceNumber
        ? {
            id: r.invoiceId,
            number: p.invoiceNumber,
            status: p.invoiceStatus ?? 'open',
            totalCents: p.invoiceTotal ?? 0,
          }
        : null,
  };
}

function prospectStatusOf(s: string): ProspectStatus {
  return s === 'pledged' || s === 'invoiced' || s === 'paid' ? s : 'contacted';
}
