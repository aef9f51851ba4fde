import {
  type AcceptInvitationResponse,
  type acceptInvitationSchema,
  type AccountBusiness,
  type BusinessInvitation,
  type BusinessPeople,
  type BusinessPerson,
  type BusinessRole,
  INVITATION_TTL_DAYS,
  type InvitationPreview,
  type InviteRequest,
  MAX_PEOPLE_PER_BUSINESS,
  peopleMessages,
  type UpdatePersonRequest,
} from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { isUuid, notFound } from '../../lib/input.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import type { Throttle, Window } from '../../lib/throttle.js';
import { isActiveAccount, isStaff, type Session } from '../../plugins/auth.js';
import { BUSINESS_INVITATION_MAIL } from './people-mail.js';
import { auditPeople, nameOf, shownPerson, toPerson } from './people-format.js';
import * as q from './people-queries.js';
import { keepsListing } from './service.js';

type AcceptBody = z.output<typeof acceptInvitationSchema>;

const DAY_MS = 86_400_000;
const memberNotFound = () => notFound('Member');
const personNotFound = () => notFound('Person');

/** Staff rights over others' businesses need a confirmed account, as on the listing. */
const staffRights = (session: Session) => isActiveAccount(session) && isStaff(session);

/** The viewer's standing towards one business: a person of it (and which), staff, or neither. */
interface Standing {
  person: q.PersonRow | undefined;
  staff: boolean;
  /** The primary person, editors and staff invite, change and remove people. */
  manages: boolean;
}

/** What a sign-in needs besides what the members module keeps: the password's hash. */
export type HashPassword = (password: string) => Promise<string>;

/**
 * The people of a member business and the invitations to join one
 * (docs/decisions/0123-businesses-and-their-people.md). Rules here, SQL in people-queries.ts,
 * how a person reads in people-format.ts, staff's own changes in people-staff.ts,
 * the invitation's mail in people-mail.ts.
 */
/** Accepting invitations, per client address: an honest colleague needs one or two tries. */
const acceptWindows = (ip: string): Window[] => [
  { key: `invitation:accept:ip:${ip}`, limit: 10, windowMs: 15 * 60_000 },
];

export class PeopleService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    private readonly hashPassword: HashPassword,
    private readonly invitationsPerDay: number,
    private readonly throttle: Throttle,
  ) {}

  /** GET /members/{id}/people: to the business's people and staff; others 403. */
  async view(contactId: string, session: Session): Promise<BusinessPeople> {
    const standing = await this.standing(contactId, session);
    if (!standing.person && !standing.staff) {
      throw new AppError('forbidden', peopleMessages.notAPerson);
    }
    const now = this.clock.now();
    const [people, invitations] = await Promise.all([
      q.listPeople(this.db, contactId),
      standing.manages ? q.openInvitations(this.db, contactId, now) : Promise.resolve([]),
    ]);
    return {
      people: people.map((p) => toPerson(p, session)),
      invitations: invitations.map((row) =>
        toInvitation(row.invitation, row.inviterFirstName, row.inviterLastName),
      ),
      canManage: standing.manages,
    };
  }

  /**
   * POST /members/{id}/invitations: the primary person, an editor or staff invites an address
   * with a role. The mail is an outbox row written with the invitation; its link is made as
   * it is mailed (people-mail.ts).
   */
  async invite(
    contactId: string,
    body: InviteRequest,
    session: Session,
  ): Promise<BusinessInvitation> {
    await this.assertManages(contactId, session);
    const email = body.email.trim().toLowerCase();
    const now = this.clock.now();
    const invitation = await this.db.transaction(async (tx) => {
      // One invitation at a time per business: the daily count and the open one are exact.
      await q.lockPeople(tx, contactId);
      if (await q.hasPersonWithAddress(tx, contactId, email)) {
        throw new AppError('conflict', peopleMessages.alreadyInBusiness);
      }
      if (await q.openInvitationTo(tx, contactId, email, now)) {
        throw new AppError('conflict', peopleMessages.alreadyInvited);
      }
      const sent = await q.invitationsSince(tx, contactId, new Date(now.getTime() - DAY_MS));
      if (sent >= this.invitationsPerDay) {
        throw new AppError('too_many_requests', peopleMessages.invitationLimit);
      }
      const row = await q.insertInvitation(tx, {
        contactId,
        email,
        role: body.role,
        // Never mailed: the mail's link gets a token of its own as it is sent.
        tokenHash: sha256Hex(randomToken(32)),
        invitedBy: session.user.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: now,
      });
      await this.outbox.queue(tx, BUSINESS_INVITATION_MAIL, { invitationId: row.id });
      await auditPeople(tx, session, 'business.invite', contactId, null, {
        invitationId: row.id,
        email,
        role: body.role,
      });
      return row;
    });
    this.outbox.wake();
    return toInvitation(invitation, session.user.firstName, session.user.lastName);
  }

  /** DELETE /members/{id}/invitations/{invitationId}: an open invitation's link stops working. */
  async withdraw(contactId: string, invitationId: string, session: Session): Promise<void> {
    await this.assertManages(contactId, session);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const row = isUuid(invitationId)
        ? await q.findInvitation(tx, contactId, invitationId)
        : undefined;
      if (!row || row.acceptedAt || row.withdrawnAt || row.expiresAt <= now) {
        throw notFound('Invitation');
      }
      await q.updateInvitation(tx, row.id, { withdrawnAt: now });
      await auditPeople(
        tx,
        session,
        'business.invitation.withdraw',
        contactId,
        { invitationId: row.id, email: row.email, role: row.role },
        null,
      );
    });
  }

  /** GET /invitations/{token}: what the accept page shows; 410 for a spent link, 404 unknown. */
  async preview(token: string): Promise<InvitationPreview> {
    const row = await q.invitationByToken(this.db, sha256Hex(token));
    if (!row) throw notFound('Invitation');
    this.assertOpen(row.invitation);
    const login = await q.loginByEmail(this.db, row.invitation.email);
    return {
      businessName: row.businessName ?? '',
      role: invitableRole(row.invitation.role),
      email: row.invitation.email,
      hasAccount: login !== undefined,
      expiresAt: row.invitation.expiresAt.toISOString(),
    };
  }

  /**
   * POST /invitations/{token}/accept. Signed in with the invited address: that sign-in joins.
   * Not signed in: a new active sign-in for the address (the link proved it) joins; an address
   * that already has one is told to sign in first. A sign-in acting for no business starts
   * acting for this one.
   */
  async accept(
    token: string,
    body: AcceptBody,
    session: Session | null,
    ip: string,
  ): Promise<AcceptInvitationResponse> {
    // Before a password is hashed: a stranger posting to made-up links costs a row, not a hash.
    const attempt = await this.throttle.take(acceptWindows(ip));
    if (attempt.blocked) {
      throw new AppError(
        'too_many_requests',
        'Too many attempts to join from your network. Please try again later.',
        { 'retry-after': String(attempt.retryAfter) },
      );
    }
    const passwordHash =
      !session && body.password !== undefined ? await this.hashPassword(body.password) : null;
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const row = await q.invitationByToken(tx, sha256Hex(token), true);
        if (!row) throw notFound('Invitation');
        const invitation = row.invitation;
        this.assertOpen(invitation);
        let login;
        let createdSignIn = false;
        if (session) {
          if (session.user.email.toLowerCase() !== invitation.email.toLowerCase()) {
            throw new AppError('forbidden', peopleMessages.wrongAddress);
          }
          login = await q.lockLogin(tx, session.user.id);
          if (!login) throw new AppError('unauthorized', 'Please sign in again.');
        } else {
          if (await q.loginByEmail(tx, invitation.email)) {
            throw new AppError('conflict', signInFirst);
          }
          const { firstName, lastName } = body;
          if (!firstName || !lastName || passwordHash === null) {
            throw new AppError(
              'validation_failed',
              'To create your sign-in, enter your first name, last name and a password (twice).',
            );
          }
          login = await q.insertLogin(tx, {
            email: invitation.email,
            passwordHash,
            firstName,
            lastName,
            role: 'member',
            status: 'active',
            contactId: null,
            createdAt: now,
            updatedAt: now,
          });
          createdSignIn = true;
          await recordAudit(tx, {
            actorId: login.id,
            actorEmail: login.email,
            action: 'user.create',
            targetType: 'user',
            targetId: login.id,
            targetLabel: login.email,
            before: null,
            after: { email: login.email, status: 'active', byInvitation: invitation.id },
            reason: null,
          });
        }
        if (await q.personOfLogin(tx, invitation.contactId, login.id)) {
          throw new AppError('conflict', peopleMessages.alreadyInBusiness);
        }
        if ((await q.countPeople(tx, invitation.contactId)) >= MAX_PEOPLE_PER_BUSINESS) {
          throw new AppError('conflict', peopleMessages.tooManyPeople);
        }
        // The person first: a sign-in set to act for a business it is not a person of would
        // become one of its people by the trigger's rule, not with the invitation's role.
        const person = await q.insertPerson(tx, {
          contactId: invitation.contactId,
          userId: login.id,
          role: invitation.role,
          firstName: login.firstName,
          lastName: login.lastName,
          email: login.email,
          phone: login.phone,
          createdAt: now,
          updatedAt: now,
        });
        if (login.contactId === null) {
          await q.setActingFor(tx, login.id, invitation.contactId, now);
        }
        await q.updateInvitation(tx, invitation.id, { acceptedAt: now });
        await auditPeople(tx, { user: login }, 'business.person.add', invitation.contactId, null, {
          ...shownPerson(person),
          invitationId: invitation.id,
        });
        return {
          contactId: invitation.contactId,
          businessName: row.businessName ?? '',
          role: person.role,
          email: login.email,
          createdSignIn,
        };
      });
    } catch (err) {
      // The same address signed up meanwhile, or the same sign-in accepted twice at once.
      if (isUniqueViolation(err)) throw new AppError('conflict', signInFirst);
      throw err;
    }
  }

  /**
   * PATCH /members/{id}/people/{personId}. Managers change roles, titles and who is shown; a
   * person changes their own title and whether they are shown. Making someone primary hands
   * the role over (the primary person or staff only): the old primary person becomes an
   * editor and the business's contact fields take the new one's.
   */
  async update(
    contactId: string,
    personId: string,
    body: UpdatePersonRequest,
    session: Session,
  ): Promise<BusinessPerson> {
    const standing = await this.standing(contactId, session);
    const now = this.clock.now();
    const saved = await this.db.transaction(async (tx) => {
      await q.lockPeople(tx, contactId);
      const person = isUuid(personId) ? await q.findPerson(tx, contactId, personId) : undefined;
      if (!person) throw this.hidden(standing);
      const own = person.userId !== null && person.userId === session.user.id;
      const changesRole = body.role !== undefined && body.role !== person.role;
      if (!standing.manages && !(own && !changesRole)) {
        throw new AppError(
          'forbidden',
          standing.person
            ? 'Only the primary contact and listing editors can change the people of this business.'
            : peopleMessages.notAPerson,
        );
      }
      const changes: Partial<q.PersonRow> = { updatedAt: now };
      if (body.title !== undefined) changes.title = body.title;
      if (body.shownOnListing !== undefined) changes.shownOnListing = body.shownOnListing;
      if (changesRole && person.role === 'primary') {
        throw new AppError('conflict', peopleMessages.lastPrimary);
      }
      if (changesRole && body.role === 'primary') {
        if (!standing.staff && standing.person?.role !== 'primary') {
          throw new AppError(
            'forbidden',
            'Only the primary contact or the chamber can hand over the primary contact role.',
          );
        }
        // Demoted first: one primary person at a time (a unique index).
        const people = await q.listPeople(tx, contactId);
        const primary = people.find((p) => p.role === 'primary');
        if (primary) await q.updatePerson(tx, primary.id, { role: 'editor', updatedAt: now });
        const promoted = await q.updatePerson(tx, person.id, { ...changes, role: 'primary' });
        // The contact's fields name the primary person; the trigger keeps the row in step.
        await q.setContactPerson(tx, contactId, promoted, now);
      } else if (changesRole) {
        changes.role = body.role;
      }
      const updated =
        changesRole && body.role === 'primary'
          ? (await q.findPerson(tx, contactId, person.id))!
          : await q.updatePerson(tx, person.id, changes);
      await auditPeople(
        tx,
        session,
        'business.person.update',
        contactId,
        shownPerson(person),
        shownPerson(updated),
      );
      return updated;
    });
    return toPerson(saved, session);
  }

  /**
   * DELETE /members/{id}/people/{personId}: managers remove anyone but the primary person; a
   * person may leave. The removed sign-in loses the business's rights at once: acting for it,
   * it moves to another business it is a person of, or to none. Registrations stay.
   */
  async remove(contactId: string, personId: string, session: Session): Promise<void> {
    const standing = await this.standing(contactId, session);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await q.lockPeople(tx, contactId);
      const person = isUuid(personId) ? await q.findPerson(tx, contactId, personId) : undefined;
      if (!person) throw this.hidden(standing);
      const own = person.userId !== null && person.userId === session.user.id;
      if (!standing.manages && !own) {
        throw new AppError(
          'forbidden',
          standing.person
            ? 'Only the primary contact and listing editors can remove people of this business.'
            : peopleMessages.notAPerson,
        );
      }
      if (person.role === 'primary') throw new AppError('conflict', peopleMessages.lastPrimary);
      await q.deletePerson(tx, person.id);
      if (person.userId) {
        const login = await q.lockLogin(tx, person.userId);
        if (login?.contactId === contactId) {
          const next = await q.otherBusinessOf(tx, login.id, contactId);
          await q.setActingFor(tx, login.id, next, now);
        }
      }
      await auditPeople(
        tx,
        session,
        'business.person.remove',
        contactId,
        shownPerson(person),
        null,
      );
    });
  }

  /** GET /account/businesses: the businesses the sign-in is a person of. */
  async businesses(session: Session): Promise<{ businesses: AccountBusiness[] }> {
    const rows = await q.businessesOfLogin(this.db, session.user.id);
    return {
      businesses: rows.map((row) => ({
        contactId: row.contactId,
        businessName: row.businessName || nameOf(row),
        role: row.role,
        acting: row.contactId === session.user.contactId,
      })),
    };
  }

  /** PUT /account/business: act for another of one's businesses (403 for any other). */
  async actFor(session: Session, contactId: string): Promise<{ businesses: AccountBusiness[] }> {
    const person = isUuid(contactId)
      ? await q.personOfLogin(this.db, contactId, session.user.id)
      : undefined;
    if (!person) throw new AppError('forbidden', peopleMessages.notAPerson);
    await q.setActingFor(this.db, session.user.id, contactId, this.clock.now());
    return this.businesses({ ...session, user: { ...session.user, contactId } });
  }

  /** The viewer's standing towards a business (404 for a business that is not there). */
  private async standing(contactId: string, session: Session): Promise<Standing> {
    if (!isUuid(contactId)) throw memberNotFound();
    const [person, exists] = await Promise.all([
      q.personOfLogin(this.db, contactId, session.user.id),
      q.businessExists(this.db, contactId),
    ]);
    if (!exists) throw memberNotFound();
    const staff = staffRights(session);
    return { person, staff, manages: staff || keepsListing(person?.role) };
  }

  private async assertManages(contactId: string, session: Session): Promise<Standing> {
    const standing = await this.standing(contactId, session);
    if (!standing.manages) {
      throw new AppError(
        'forbidden',
        standing.person
          ? 'Only the primary contact and listing editors can invite people to this business.'
          : peopleMessages.notAPerson,
      );
    }
    return standing;
  }

  /** A person not found: to those who may not see the business's people, 403 as for the list. */
  private hidden(standing: Standing): AppError {
    return standing.person || standing.staff
      ? personNotFound()
      : new AppError('forbidden', peopleMessages.notAPerson);
  }

  private assertOpen(invitation: q.InvitationRow): void {
    if (
      invitation.acceptedAt ||
      invitation.withdrawnAt ||
      invitation.expiresAt <= this.clock.now()
    ) {
      throw new AppError('gone', peopleMessages.invitationGone);
    }
  }
}

/** Said to a visitor whose address already has a sign-in. */
export const signInFirst =
  'This address already has a sign-in. Sign in with it first, then open the invitation link again.';

/** An invitation offers billing, editor or employee; the primary role is handed over. */
function invitableRole(role: BusinessRole): 'billing' | 'editor' | 'employee' {
  return role === 'primary' ? 'editor' : role;
}

function toInvitation(
  row: q.InvitationRow,
  firstName: string | null,
  lastName: string | null,
): BusinessInvitation {
  return {
    id: row.id,
    email: row.email,
    role: invitableRole(row.role),
    invitedBy: `${firstName ?? ''} ${lastName ?? ''}`.trim() || null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
