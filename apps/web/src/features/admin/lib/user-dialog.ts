import type { AdminUser } from '@chamber/contract';

/**
 * What every dialog over one user of the users table is given: the user (null while none is
 * chosen), whether it is open, and where the focus goes when it closes.
 */
export interface UserDialogProps {
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** A dialog that confirms one change to the user: `pending` while it is being saved. */
export interface ConfirmUserDialogProps<
  Confirm extends (...args: never[]) => void,
> extends UserDialogProps {
  pending: boolean;
  onConfirm: Confirm;
}
