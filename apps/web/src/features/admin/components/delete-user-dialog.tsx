import type { AdminUser } from '@chamber/contract';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import type { ConfirmUserDialogProps } from '../lib/user-dialog';

/** The delete confirmation, worded as spec §2 has it. */
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
    <AlertDialog open={open && user !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete User</AlertDialogTitle>
          <AlertDialogDescription>{user ? deleteConfirmation(user) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting...' : 'Delete User'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
