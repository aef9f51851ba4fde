import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, formatAuditValue } from './audit-format';

describe('audit entries read as sentences', () => {
  it('names each action', () => {
    expect(auditActionLabel('user.update')).toBe('Edited user');
    expect(auditActionLabel('user.status')).toBe('Changed status');
    expect(auditActionLabel('user.delete')).toBe('Deleted user');
    expect(auditActionLabel('settings.update')).toBe('settings.update');
  });

  it('lists changed fields in the edit dialog’s order, before and after', () => {
    expect(
      auditChanges({
        before: { paymentStatus: 'pending', membershipTier: 'standard', businessName: null },
        after: { paymentStatus: 'paid', membershipTier: 'elite', businessName: 'Copperleaf' },
      }),
    ).toEqual([
      { field: 'businessName', label: 'Business name', before: 'none', after: 'Copperleaf' },
      { field: 'membershipTier', label: 'Membership tier', before: 'Standard', after: 'Elite' },
      { field: 'paymentStatus', label: 'Payment status', before: 'Pending', after: 'Paid' },
    ]);
  });

  it('a deletion keeps a snapshot, not changes', () => {
    expect(auditChanges({ before: { status: 'active' }, after: null })).toEqual([]);
  });

  it('formats values staff can read', () => {
    expect(formatAuditValue('status', 'suspended')).toBe('Suspended');
    expect(formatAuditValue('email', 'a@b.example')).toBe('a@b.example');
    expect(formatAuditValue('website', '')).toBe('none');
    expect(formatAuditValue('customField', { a: 1 })).toBe('{"a":1}');
  });
});
