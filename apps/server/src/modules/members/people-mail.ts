import { type BusinessRole, INVITATION_TTL_DAYS } from '@chamber/contract';
import type { Database } from '@chamber/db';
import type { Clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { Compose } from '../../lib/mail/delivery.js';
import type { MailOutbox } from '../../lib/mail/outbox.js';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';
import * as q from './people-queries.js';

/** The outbox's kind of an invitation to join a business. */
export const BUSINESS_INVITATION_MAIL = 'business-invitation';
export interface BusinessInvitationParams {
  invitationId: string;
}

/** What the mail says a role makes the person. */
const roleWords: Record<BusinessRole, string> = {
  primary: 'its primary contact',
  billing: 'a billing contact',
  editor: 'a listing editor',
  employee: 'an employee',
};

/** The invitation's link, to the address it was sent to. */
export function businessInvitationMail(
  chamber: ChamberIdentity,
  invite: { businessName: string; inviter: string | null; role: string; url: string },
) {
  const by = invite.inviter ? `${invite.inviter} invited you` : 'You were invited';
  return renderMail(chamber, {
    subject: `Join ${invite.businessName} on ${chamber.name}`,
    preview: `${by} to join ${invite.businessName} on ${chamber.name}.`,
    greeting: 'Hello,',
    paragraphs: [
      `${by} to join ${invite.businessName} on the ${chamber.name} portal as ${invite.role}. With your own sign-in you get the business's member prices and rights without sharing a password.`,
      'Accept with this link: sign in with this address, or create a sign-in for it.',
    ],
    action: { label: 'Accept the invitation', url: invite.url },
    link: { label: 'Or open this address', url: invite.url },
    note: `The link works once, for ${INVITATION_TTL_DAYS} days. If you do not know ${invite.businessName}, ignore this message.`,
  });
}

/**
 * The invitation mails of the outbox, composed when their turn comes. The link is made then,
 * as the account mails' are: the row holds the invitation's id only, and a link whose
 * invitation was withdrawn, accepted or has expired meanwhile is not sent at all.
 */
export class InvitationMail {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  register(outbox: MailOutbox): void {
    outbox.register(BUSINESS_INVITATION_MAIL, (p) =>
      this.invitation(p as unknown as BusinessInvitationParams),
    );
  }

  async invitation(p: BusinessInvitationParams): Promise<Compose | null> {
    const row = await q.invitationWithBusiness(this.db, p.invitationId);
    if (!row) return null;
    const token = randomToken(32);
    const open = await q.renewInvitationToken(
      this.db,
      row.invitation.id,
      sha256Hex(token),
      this.clock.now(),
    );
    if (!open) return null;
    const inviter = `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim() || null;
    const url = `${this.publicUrl}/invitations/${encodeURIComponent(token)}`;
    return (chamber) => ({
      to: row.invitation.email,
      ...businessInvitationMail(chamber, {
        businessName: row.businessName || 'a member business',
        inviter,
        role: roleWords[row.invitation.role],
        url,
      }),
    });
  }
}
