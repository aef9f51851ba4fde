import type { Profile, updateOwnProfileSchema } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/auth.js';
import { eventCreationRefusal } from '../calendars/index.js';
import { keepsListing, type MembersService } from '../members/index.js';
import type { AccountService } from './accounts.js';

type OwnProfileChanges = z.output<typeof updateOwnProfileSchema>;

export function toProfile(session: Session): Profile {
  const { user, contact } = session;
  const createEventsRefusal = eventCreationRefusal(session);
  return {
    id: user.id,
    role: user.role,
    status: user.status,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    phone: user.phone ?? contact?.phone ?? null,
    contactId: contact?.id ?? null,
    businessName: contact?.businessName ?? null,
    membershipTier: contact?.membershipTier ?? 'standard',
    paymentStatus: contact?.paymentStatus ?? 'pending',
    createdAt: user.createdAt.toISOString(),
    canCreateEvents: createEventsRefusal === null,
    createEventsRefusal,
  };
}

/** Said when a profile save carries another address: changing it needs proof. */
export const emailChangeRefused =
  'email: Your sign-in address cannot be changed with the profile. Use Change sign-in email: it needs your password and a link mailed to the new address.';

/** The signed-in user's own profile: the login's fields, and its contact's through members. */
export class ProfileService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly members: MembersService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * Own-profile save (PUT /auth/profile). Names and phone belong to the login and are copied
   * to its contact when the login is the business's primary person, so the directory shows
   * what the member typed; the rest is the contact's, gated by tier as on the member page, and
   * saved by the people who keep the listing only (the primary person and editors). The sign-in address is not changed here: whoever
   * holds a session could otherwise take the account by changing it and resetting the
   * password at the new one. It may be sent as it is; another is refused (400).
   */
  async update(session: Session, body: OwnProfileChanges): Promise<Profile> {
    const { user, contact } = session;
    const { firstName, lastName, email, phone, ...contactFields } = body;
    if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError('validation_failed', emailChangeRefused);
    }
    return this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const loginFields = {
        firstName,
        lastName,
        ...(phone !== undefined ? { phone: phone || null } : {}),
      };
      const updated = await this.accounts.saveLogin(tx, user, loginFields, now);
      // Of the business's people, only those who keep its listing save its fields, and the
      // contact's name and phone are the primary person's: a colleague's stay their own.
      const saved =
        contact && keepsListing(session.businessRole)
          ? await this.members.saveOwnContact(tx, contact.id, updated, contactFields, {
              copied: session.businessRole === 'primary' ? loginFields : {},
              now,
            })
          : contact;
      return toProfile({ ...session, user: updated, contact: saved });
    });
  }
}
