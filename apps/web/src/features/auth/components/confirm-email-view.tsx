import { MailCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useConfirmEmail } from '../api/password-reset';
import { DoneNote, errorMessage } from '@/components/account/done-note';
import { AccountCard } from './account-card';

/** /confirm-email?token=…: opening the link mailed to a new address makes the change. */
export function ConfirmEmailView({ token }: { token: string | null }) {
  const confirm = useConfirmEmail();
  const { user, setUser } = useAuth();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const done = confirm.data;
  useEffect(() => {
    if (done && user && user.email !== done.email) setUser({ ...user, email: done.email });
  }, [done, user, setUser]);

  return (
    <AccountCard
      title="Confirm your new email"
      description="Your sign-in address changes when this link is opened."
      icon={<MailCheckIcon aria-hidden="true" />}
    >
      {!token ? (
        <p role="alert" className="text-sm">
          This page needs the link from the confirmation mail.
        </p>
      ) : done ? (
        <DoneNote>{done.message}</DoneNote>
      ) : confirm.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(confirm.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Confirming...
        </p>
      )}
      <Button asChild variant="outline">
        <Link to={user ? paths.profile.href() : paths.login.href()}>
          {user ? 'Back to your profile' : 'Sign in'}
        </Link>
      </Button>
    </AccountCard>
  );
}
