import type { AdminUser } from '@chamber/contract';
import { describe, expect, it } from 'vitest';
import { rowActions } from './row-actions';

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u-2',
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@jordanrivercpa.example',
  businessName: 'Jordan River CPA Group',
  phone: null,
  website: null,
  role: 'member',
  status: 'active',
  membershipTier: 'standard',
  paymentStatus: 'paid',
  contactId: 'c-2',
  membershipId: null,
  createdAt: '2024-01-20T00:00:00.000Z',
  ...overrides,
});

describe('rowActions', () => {
  it('an active member can be suspended or deleted, not activated', () => {
    expect(rowActions(user(), 'u-1')).toEqual({
      isSelf: false,
      canActivate: false,
      canSuspend: true,
      canDelete: true,
    });
  });

  it('a suspended member can be activated, not suspended again', () => {
    const actions = rowActions(user({ status: 'suspended' }), 'u-1');
    expect(actions.canActivate).toBe(true);
    expect(actions.canSuspend).toBe(false);
  });

  it('a pending member can be activated or suspended', () => {
    const actions = rowActions(user({ status: 'pending' }), 'u-1');
    expect(actions.canActivate).toBe(true);
    expect(actions.canSuspend).toBe(true);
  });

  it('one’s own account can be neither suspended nor deleted', () => {
    expect(rowActions(user({ id: 'u-1', role: 'admin' }), 'u-1')).toEqual({
      isSelf: true,
      canActivate: false,
      canSuspend: false,
      canDelete: false,
    });
  });

  it('without a known session every row is someone else’s', () => {
    expect(rowActions(user(), undefined).isSelf).toBe(false);
  });
});
