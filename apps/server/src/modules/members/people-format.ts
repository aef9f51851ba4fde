import type { BusinessPerson } from '@chamber/contract';
import type { Executor } from '@chamber/db';
import { recordAudit } from '../../lib/audit.js';
import type { Session } from '../../plugins/auth.js';
import type { PersonRow } from './people-queries.js';

/** How a person reads in answers and in the audit log (people.ts, people-staff.ts). */
export const nameOf = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim();

/** What a change to a person looks like in the audit log. */
export const shownPerson = (p: PersonRow) => ({
  role: p.role,
  name: nameOf(p),
  email: p.email,
  userId: p.userId,
  title: p.title,
  shownOnListing: p.shownOnListing,
});

/** A person as the people panel shows them to the viewer. */
export function toPerson(p: PersonRow, session: Session | null): BusinessPerson {
  return {
    id: p.id,
    role: p.role,
    firstName: p.firstName,
    lastName: p.lastName,
    name: nameOf(p),
    title: p.title,
    email: p.email,
    phone: p.phone,
    shownOnListing: p.shownOnListing,
    hasSignIn: p.userId !== null,
    isYou: session !== null && p.userId === session.user.id,
  };
}

/** An audit log entry about a business's people, its target the business. */
export async function auditPeople(
  tx: Executor,
  session: { user: { id: string; email: string } },
  action: string,
  contactId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  await recordAudit(tx, {
    actorId: session.user.id,
    actorEmail: session.user.email,
    action,
    targetType: 'contact',
    targetId: contactId,
    targetLabel: contactId,
    before,
    after,
    reason: null,
  });
}
