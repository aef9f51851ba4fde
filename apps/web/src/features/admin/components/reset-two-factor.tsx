import type { AdminUser } from '@chamber/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useResetTwoFactor } from '../api/two-factor-admin';
import { fullName } from '../lib/labels';

/** In the edit dialog: removes the account's two-factor sign-in, after a second click. */
export function ResetTwoFactor({ user }: { user: AdminUser }) {
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);

  async function run() {
    try {
      const answer = await reset.mutateAsync(user.id);
      if (answer.reset) toast.success(answer.message);
      else toast.info(answer.message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to reset two-factor sign-in');
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section aria-label="Two-factor sign-in" className="grid gap-2 border-t pt-4">
      <h3 className="text-sm font-semibold text-muted-foreground">Two-factor sign-in</h3>
      {confirming ? (
        <div className="grid gap-3">
          <p className="text-sm">
            Reset {fullName(user)}’s two-factor sign-in? Their authenticator app and recovery codes
            stop working, and they sign in with their password only until they set it up again.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="destructive"
              size="sm"
              disabled={reset.isPending}
              onClick={() => void run()}
            >
              Reset two-factor sign-in
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">For a member who lost their phone.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Reset two-factor sign-in
          </Button>
        </div>
      )}
    </section>
  );
}
