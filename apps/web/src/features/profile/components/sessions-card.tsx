import type { AccountSession } from '@chamber/contract';
import { LaptopIcon, SmartphoneIcon, TabletIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const format = (iso: string) => when.format(new Date(iso));

function DeviceIcon({ device }: { device: AccountSession['device'] }) {
  const Icon = device === 'mobile' ? SmartphoneIcon : device === 'tablet' ? TabletIcon : LaptopIcon;
  return <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />;
}

/** /profile, Sessions: the devices signed in to this account, and signing them out. */
export function SessionsCard() {
  const query = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  async function signOut(session: AccountSession) {
    try {
      await endOne.mutateAsync(session.id);
      toast.success(`Signed out ${session.browser} on ${session.os}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not sign that device out');
    }
  }

  async function signOutOthers() {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast.success(
        ended === 1 ? 'Signed out 1 other device' : `Signed out ${ended} other devices`,
      );
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not sign the other devices out');
    }
  }

  return (
    <Card role="region" className="max-w-4xl" aria-labelledby="sessions-title">
      <CardHeader>
        <CardTitle id="sessions-title">Sessions</CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out a device you do not recognise, or one you no
          longer use.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading sessions">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p>{query.error.message}</p>
            <Button type="button" variant="outline" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid divide-y rounded-md border" aria-label="Signed-in devices">
              {sessions.map((session) => (
                <li
                  key={session.id}
                  className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex min-w-0 gap-3">
                    <DeviceIcon device={session.device} />
                    <div className="grid min-w-0 gap-0.5">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {session.browser} on {session.os}
                        {session.current ? <Badge variant="secondary">This device</Badge> : null}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        Signed in {format(session.signedInAt)} · Last used{' '}
                        {format(session.lastUsedAt)}
                      </p>
                    </div>
                  </div>
                  {session.current ? null : (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-center"
                      disabled={endOne.isPending}
                      onClick={() => void signOut(session)}
                      aria-label={`Sign out ${session.browser} on ${session.os}, last used ${format(session.lastUsedAt)}`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others > 0 ? (
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                disabled={endOthers.isPending}
                onClick={() => void signOutOthers()}
              >
                Sign out everywhere else
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                You are signed in on this device only.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
