import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fullName } from '../lib/labels';
import type { ConfirmUserDialogProps } from '../lib/user-dialog';
import { UserDialogFrame } from './user-dialog-frame';

/**
 * Suspending asks for an optional reason, kept in the audit log; one field and Enter
 * suspends, so it stays a single quick step.
 */
export function SuspendUserDialog({
  pending,
  onConfirm,
  ...dialog
}: ConfirmUserDialogProps<(reason: string) => void>) {
  const { user, onOpenChange } = dialog;
  return (
    <UserDialogFrame
      {...dialog}
      title={`Suspend ${user ? fullName(user) : 'user'}?`}
      description="They are signed out at once and cannot sign in until an admin activates the account again."
    >
      {(user) => (
        <SuspendForm
          key={user.id}
          pending={pending}
          onConfirm={onConfirm}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </UserDialogFrame>
  );
}

function SuspendForm({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm(reason.trim());
  }
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Suspend user">
      <div className="grid gap-2">
        <Label htmlFor={id}>Reason (optional)</Label>
        <Input
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={500}
          placeholder="e.g. Membership dues unpaid"
          autoComplete="off"
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? 'Suspending...' : 'Suspend'}
        </Button>
      </DialogFooter>
    </form>
  );
}
