import type { AdminUser } from '@chamber/contract';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import type { ConfirmUserDialogProps } from '../lib/user-dialog';

/** The delete confirmation, worded as docs/product.md#screens has it. */
export const deleteConfirmation = (user: Pick<AdminUser, 'firstName' | 'lastName'>) =>
  `Are you sure you want to delete ${user.firstName} ${user.lastName}? This action cannot be undone and will permanently remove all user data.`;

export function DeleteUserDialog({
  user,
  open,
  pending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: ConfirmUserDialogProps<() => void>) {
  return (
    <ConfirmDeleteDialog
      open={open && user !== null}
      noun="User"
      description={user ? deleteConfirmation(user) : null}
      pending={pending}
      onConfirm={onConfirm}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
