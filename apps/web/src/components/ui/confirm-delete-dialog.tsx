import type { ComponentProps, ReactNode } from 'react';
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

/**
 * Asks before deleting one thing for good: `Delete ${noun}` is both the title and the button,
 * which says 'Deleting...' while the request is out.
 */
export function ConfirmDeleteDialog({
  open,
  noun,
  description,
  pending,
  error,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  noun: string;
  description: ReactNode;
  pending: boolean;
  /** Why the last try failed, shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (by default, back to what opened it). */
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {noun}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting...' : `Delete ${noun}`}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
