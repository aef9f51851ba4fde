import type { AdminUser } from '@chamber/contract';

export interface RowActions {
  /** The signed-in admin's own row. */
  isSelf: boolean;
  canActivate: boolean;
  canSuspend: boolean;
  canDelete: boolean;
}

/**
 * What a row's menu allows (docs/product.md#screens, docs/product.md#validation): Activate unless already active; Suspend unless
 * already suspended or it is one's own account; Delete never on one's own account. The
 * server enforces the same rules, and also keeps the last active admin.
 */
export function rowActions(user: AdminUser, currentUserId: string | null | undefined): RowActions {
  const isSelf = user.id === currentUserId;
  return {
    isSelf,
    canActivate: user.status !== 'active',
    canSuspend: user.status !== 'suspended' && !isSelf,
    canDelete: !isSelf,
  };
}
