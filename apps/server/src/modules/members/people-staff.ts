import {
  type BusinessPerson,
  MAX_PEOPLE_PER_BUSINESS,
  type MovePersonRequest,
  peopleMessages,
  type StaffAddPersonRequest,
} from '@chamber/contract';
import type { Database, Executor } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid, notFound } from '../../lib/input.js';
import type { Session } from '../../plugins/auth.js';
import { auditPeople, shownPerson, toPerson } from './people-format.js';
import * as q from './people-queries.js';

/**
 * What staff do to a business's people besides what its own managers do (people.ts): add a
 * person without an invitation, and move a person to another business. The routes are
 * staff-only; each change is in the audit log as the people's own changes are.
 */
export class StaffPeopleService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * POST /admin/members/{id}/people: an address with a sign-in adds that sign-in (named as
   * it is); any other adds a person without a sign-in, who must have a first and last name.
   */
  async add(
    contactId: string,
    body: StaffAddPersonRequest,
    session: Session,
  ): Promise<BusinessPerson> {
    if (!isUuid(contactId)) throw notFound('Member');
    const email = body.email?.trim().toLowerCase() || null;
    const now = this.clock.now();
    const person = await this.guard(() =>
      this.db.transaction(async (tx) => {
        if (!(await q.businessExists(tx, contactId))) throw notFound('Member');
        await q.lockPeople(tx, contactId);
        const login = email ? await q.loginByEmail(tx, email) : undefined;
        const taken =
          (email && (await q.hasPersonWithAddress(tx, contactId, email))) ||
          (login && (await q.personOfLogin(tx, contactId, login.id)));
        if (taken) throw new AppError('conflict', peopleMessages.alreadyAdded);
        if (!login && !(body.firstName && body.lastName)) {
          throw new AppError('validation_failed', peopleMessages.nameForNewPerson);
        }
        await assertRoom(tx, contactId);
        const added = await q.insertPerson(tx, {
          contactId,
          userId: login?.id ?? null,
          role: body.role,
          firstName: login?.firstName ?? body.firstName!,
          lastName: login?.lastName ?? body.lastName!,
          title: body.title ?? '',
          email: login?.email ?? email,
          phone: body.phone || login?.phone || null,
          createdAt: now,
          updatedAt: now,
        });
        // A sign-in acting for no business starts acting for this one, as on accepting.
        if (login && login.contactId === null) {
          await q.setActingFor(tx, login.id, contactId, now);
        }
        await auditPeople(tx, session, 'business.person.add', contactId, null, {
          ...shownPerson(added),
          byStaff: true,
        });
        return added;
      }),
    );
    return toPerson(person, session);
  }

  /**
   * POST /admin/members/{id}/people/{personId}/move: the person leaves `{id}` and joins
   * `toId` with `role`. The primary person stays (hand the role over first), as for a removal.
   * A sign-in acting for the business it left acts for the one it joined.
   */
  async move(
    contactId: string,
    personId: string,
    body: MovePersonRequest,
    session: Session,
  ): Promise<BusinessPerson> {
    if (!isUuid(contactId)) throw notFound('Member');
    if (!isUuid(body.toId)) throw notFound('Business to move to');
    if (body.toId === contactId) throw new AppError('bad_request', peopleMessages.sameBusiness);
    const now = this.clock.now();
    const moved = await this.guard(() =>
      this.db.transaction(async (tx) => {
        if (!(await q.businessExists(tx, contactId))) throw notFound('Member');
        if (!(await q.businessExists(tx, body.toId))) throw notFound('Business to move to');
        // Both businesses' people, in one order, so two moves the other way cannot deadlock.
        for (const id of [contactId, body.toId].sort()) await q.lockPeople(tx, id);
        const person = isUuid(personId) ? await q.findPerson(tx, contactId, personId) : undefined;
        if (!person) throw notFound('Person');
        if (person.role === 'primary') throw new AppError('conflict', peopleMessages.primaryMove);
        const taken =
          (person.userId && (await q.personOfLogin(tx, body.toId, person.userId))) ||
          (person.email && (await q.hasPersonWithAddress(tx, body.toId, person.email)));
        if (taken) throw new AppError('conflict', peopleMessages.alreadyInTarget);
        await assertRoom(tx, body.toId);
        const updated = await q.updatePerson(tx, person.id, {
          contactId: body.toId,
          role: body.role,
          // Staff's choice of billing recipients was for the business it left.
          receivesBillingMail: false,
          updatedAt: now,
        });
        if (person.userId) {
          const login = await q.lockLogin(tx, person.userId);
          if (login && (login.contactId === contactId || login.contactId === null)) {
            await q.setActingFor(tx, login.id, body.toId, now);
          }
        }
        const before = shownPerson(person);
        await auditPeople(tx, session, 'business.person.move', contactId, before, {
          ...shownPerson(updated),
          movedTo: body.toId,
        });
        await auditPeople(tx, session, 'business.person.add', body.toId, null, {
          ...shownPerson(updated),
          movedFrom: contactId,
        });
        return updated;
      }),
    );
    return toPerson(moved, session);
  }

  /** Two staff adding the same sign-in at once: the second is told it is there already. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('conflict', peopleMessages.alreadyAdded);
      throw err;
    }
  }
}

async function assertRoom(tx: Executor, contactId: string) {
  if ((await q.countPeople(tx, contactId)) >= MAX_PEOPLE_PER_BUSINESS) {
    throw new AppError('conflict', peopleMessages.tooManyPeople);
  }
}
