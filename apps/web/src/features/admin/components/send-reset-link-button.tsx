import type { AdminUser } from '@chamber/contract';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSendPasswordReset } from '../api/send-password-reset';
import { failureMessage } from '../lib/errors';

/**
 * 'Send password reset link' in the user edit dialog: mails the user the link a forgotten
 * password gets. Staff never see or set the password.
 */
export function SendResetLinkButton({ user }: { user: AdminUser }) {
  const send = useSendPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const suspended = user.status === 'suspended';

  async function onClick() {
    setSent(null);
    try {
      const answer = await send.mutateAsync(user.id);
      setSent(answer.message);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureMessage(error, 'Failed to send the reset link'));
    }
  }

  return (
    <div className="grid gap-1.5 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">Password</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={send.isPending || suspended}
          onClick={() => void onClick()}
        >
          <KeyRoundIcon aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send password reset link'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" role={sent ? 'status' : undefined}>
        {sent ??
          (suspended
            ? 'A suspended account cannot sign in; activate it first.'
            : 'Mails a link to choose a new password, valid for 30 minutes.')}
      </p>
    </div>
  );
}
