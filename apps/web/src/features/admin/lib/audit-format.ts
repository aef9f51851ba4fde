import type { AuditEntry, MembershipTier } from '@chamber/contract';
import { capitalise, tierLabel } from '@/lib/members/tier-features';

const actionLabels: Record<string, string> = {
  'user.update': 'Edited user',
  'user.status': 'Changed status',
  'user.delete': 'Deleted user',
};

/** 'Edited user', 'Changed status', 'Deleted user'; an unknown action reads as it is stored. */
export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

const fieldLabels: Record<string, string> = {
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
};

/** Fields in the edit dialog's order; others follow in the order the entry lists them. */
const fieldOrder = Object.keys(fieldLabels);

const fieldLabel = (field: string) =>
  fieldLabels[field] ?? capitalise(field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

const capitalised = new Set(['role', 'status', 'paymentStatus']);

/** A stored value as staff read it: 'Elite', 'Suspended', or 'none' for an empty field. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'membershipTier') return tierLabel(value as MembershipTier);
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
 * The fields an entry changed, before → after. A deletion keeps a snapshot of the account in
 * `before` with nothing after; that is not a list of changes, so it yields none.
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  if (!entry.after) return [];
  const before = entry.before ?? {};
  const after = entry.after;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return fields.map((field) => ({
    field,
    label: fieldLabel(field),
    before: formatAuditValue(field, before[field]),
    after: formatAuditValue(field, after[field]),
  }));
}

function rank(field: string) {
  const index = fieldOrder.indexOf(field);
  return index === -1 ? fieldOrder.length : index;
}
