import type { AdminUser } from '@chamber/contract';
import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { UserDialogProps } from '../lib/user-dialog';

/**
 * The dialog over one user of the users table: open only while a user is chosen, and its
 * content drawn for that user (each caller keys it by the user, so every opening starts fresh).
 */
export function UserDialogFrame({
  user,
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  className,
  children,
}: UserDialogProps & {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: (user: AdminUser) => ReactNode;
}) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {user ? children(user) : null}
      </DialogContent>
    </Dialog>
  );
}
