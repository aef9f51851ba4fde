import { type AuditEntry, formatMoney, type MembershipTier } from '@chamber/contract';
import { capitalise, tierLabel } from '@/lib/members/labels';
import { settingsFields } from './settings-fields';

const actionLabels: Record<string, string> = {
  'user.update': 'Edited user',
  'user.status': 'Changed status',
  'user.delete': 'Deleted user',
  // Set from the command line (or, later, by the member); every session of the account ended.
  'user.password': 'Set password',
  'user.password_reset': 'Reset password by link',
  'user.password_reset_link': 'Sent password reset link',
  'user.email_change_request': 'Asked to change sign-in email',
  'user.email_change': 'Changed sign-in email',
  'location.update': 'Edited chamber settings',
};

const pastTense: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  import: 'Imported',
  restore: 'Restored',
};

/** 'businessName', 'business_name' → 'business name'. */
const words = (name: string) =>
  name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

/** A kind of record as the filter names it: 'job_post' → 'Job post'. */
export function auditEntityLabel(entity: string): string {
  return capitalise(words(entity));
}

/**
 * 'Edited user', 'Edited chamber settings'; an action without a wording of its own reads from
 * its name: 'event.delete' → 'Deleted event', 'member.tier_change' → 'Member: tier change'.
 */
export function auditActionLabel(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const [subject = '', verb, ...rest] = action.split('.');
  if (!verb || rest.length > 0) return capitalise(words(action.replace(/\./g, ' ')));
  const done = pastTense[verb];
  return done ? `${done} ${words(subject)}` : `${capitalise(words(subject))}: ${words(verb)}`;
}

/** Fields of a user edit, in the edit dialog's order. */
const userFieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  businessName: 'Business name',
  phone: 'Phone',
  website: 'Website',
  role: 'Role',
  status: 'Status',
  membershipTier: 'Membership tier',
  paymentStatus: 'Payment status',
  sessionsEnded: 'Sessions ended',
  pendingEmail: 'New email (to confirm)',
  sentTo: 'Sent to',
};

/** Fields of the chamber's record, in the Settings form's order. */
const settingsFieldLabels: Record<string, string> = Object.fromEntries(
  Object.entries(settingsFields).map(([field, info]) => [field, info.label]),
);

/** Fields of a membership plan, in the Membership plans form's order. */
const planFieldLabels: Record<string, string> = {
  name: 'Name',
  priceCents: 'Yearly price',
  description: 'Description',
  highlights: 'Price card lines',
  benefits: 'Benefits',
  available: 'Offered for joining',
  featured: 'Most Popular',
};

const labelsByTarget: Record<string, Record<string, string>> = {
  user: userFieldLabels,
  location: settingsFieldLabels,
  membership_plan: planFieldLabels,
};

const capitalised = new Set(['role', 'status', 'paymentStatus']);

/** A stored value as staff read it: 'Elite', 'Suspended', or 'none' for an empty field. */
export function formatAuditValue(
  field: string,
  value: unknown,
  tierName: (tier: MembershipTier) => string = tierLabel,
): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'membershipTier') return tierName(value as MembershipTier);
  // Amounts are cents in the chamber's currency (the audit entry does not repeat it).
  if (field.endsWith('Cents') && typeof value === 'number') return formatMoney(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(String).join('; ');
  if (typeof value === 'string') return capitalised.has(field) ? capitalise(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields an entry changed, before → after, named and ordered as the form that changed
 * them shows them (unknown fields follow, named from their key). A deletion keeps a snapshot
 * of the account in `before` with nothing after; that is not a list of changes, so it yields
 * none.
 */
export function auditChanges(
  entry: Pick<AuditEntry, 'before' | 'after'> & { target?: Pick<AuditEntry['target'], 'type'> },
  tierName?: (tier: MembershipTier) => string,
): AuditChange[] {
  if (!entry.after) return [];
  const labels = labelsByTarget[entry.target?.type ?? 'user'] ?? {};
  const order = Object.keys(labels);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  const before = entry.before ?? {};
  const after = entry.after;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return fields.map((field) => ({
    field,
    label: labels[field] ?? capitalise(words(field)),
    before: formatAuditValue(field, before[field], tierName),
    after: formatAuditValue(field, after[field], tierName),
  }));
}
