import { describe, expect, it } from 'vitest';
import { tierLabel } from '@/lib/members/labels';
import { makePlans } from '@/test/fake-api';
import { auditActionLabel, auditChanges, formatAuditValue } from './audit-format';

describe('audit entries read as sentences', () => {
  it('names each action', () => {
    expect(auditActionLabel('user.update')).toBe('Edited user');
    expect(auditActionLabel('user.status')).toBe('Changed status');
    expect(auditActionLabel('user.delete')).toBe('Deleted user');
    expect(auditActionLabel('location.update')).toBe('Edited chamber settings');
    expect(auditActionLabel('user.password')).toBe('Set password');
    expect(
      auditChanges({ target: { type: 'user' }, before: null, after: { sessionsEnded: 2 } }),
    ).toEqual([{ field: 'sessionsEnded', label: 'Sessions ended', before: 'none', after: '2' }]);
  });

  it('reads other actions from their names', () => {
    expect(auditActionLabel('settings.update')).toBe('Edited settings');
    expect(auditActionLabel('event.delete')).toBe('Deleted event');
    expect(auditActionLabel('contact.create')).toBe('Created contact');
    expect(auditActionLabel('membershipTier.import')).toBe('Imported membership tier');
    expect(auditActionLabel('member.tier_change')).toBe('Member: tier change');
    expect(auditActionLabel('roster_import')).toBe('Roster import');
    expect(auditActionLabel('a.b.c')).toBe('A b c');
  });

  it('names the chamber’s fields as the Settings form does, in its order', () => {
    expect(
      auditChanges({
        target: { type: 'location' },
        before: { accentColor: '#1f5f8b', phone: '(801) 555-0142', contactFormUrl: '' },
        after: {
          accentColor: '#2b6b3f',
          phone: '(801) 555-0199',
          contactFormUrl: 'https://forms.example/contact',
        },
      }),
    ).toEqual([
      { field: 'phone', label: 'Phone', before: '(801) 555-0142', after: '(801) 555-0199' },
      { field: 'accentColor', label: 'Accent colour', before: '#1f5f8b', after: '#2b6b3f' },
      {
        field: 'contactFormUrl',
        label: 'Contact form',
        before: 'none',
        after: 'https://forms.example/contact',
      },
    ]);
  });

  it('names fields no form knows from their keys', () => {
    expect(
      auditChanges({
        target: { type: 'event' },
        before: { startTime: 'a' },
        after: { startTime: 'b' },
      }),
    ).toEqual([{ field: 'startTime', label: 'Start time', before: 'a', after: 'b' }]);
  });

  it('lists changed fields in the edit dialog’s order, before and after', () => {
    expect(
      auditChanges({
        before: { paymentStatus: 'pending', membershipTier: 'standard', businessName: null },
        after: { paymentStatus: 'paid', membershipTier: 'elite', businessName: 'Copperleaf' },
      }),
    ).toEqual([
      { field: 'businessName', label: 'Business name', before: 'none', after: 'Copperleaf' },
      { field: 'membershipTier', label: 'Membership tier', before: 'Basic', after: 'Elite' },
      { field: 'paymentStatus', label: 'Payment status', before: 'Pending', after: 'Paid' },
    ]);
  });

  it("names tiers by the chamber's plans, and reads a plan's price and lists", () => {
    const plans = makePlans({ standard: { name: 'Starter' } });
    expect(
      auditChanges(
        {
          before: { membershipTier: 'standard' },
          after: { membershipTier: 'enhanced' },
        },
        (tier) => tierLabel(tier, plans),
      ),
    ).toEqual([
      { field: 'membershipTier', label: 'Membership tier', before: 'Starter', after: 'Enhanced' },
    ]);
    expect(
      auditChanges({
        target: { type: 'membership_plan' },
        before: { priceCents: 55_000, benefits: ['Bio'] },
        after: { priceCents: 61_250, benefits: ['Bio', 'Map'] },
      }),
    ).toEqual([
      { field: 'priceCents', label: 'Yearly price', before: '$550.00', after: '$612.50' },
      { field: 'benefits', label: 'Benefits', before: 'Bio', after: 'Bio; Map' },
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
