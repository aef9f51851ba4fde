import { CircleCheckIcon } from 'lucide-react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { readLoginNotice } from '@/lib/auth/login-notice';
import { returnPath } from '@/lib/auth/return-path';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMetaDescription } from '@/lib/use-meta-description';

/**
 * Where the visitor came from: the router's state (a guard's redirect, or a link followed in the
 * app, with the fragment), else the link's `?from=` (a link followed before the page's scripts
 * ran, as on a server-rendered page). Either way a path on this site only.
 */
function originOf(state: unknown, query: string | null): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'object' && from !== null) {
      const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
      if (typeof pathname === 'string') {
        const text = `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
        return returnPath(text);
      }
    }
  }
  return returnPath(query);
}

export function Component() {
  useMetaDescription(
    'Sign in to the member portal to manage your business profile and post events.',
  );
  useDocumentTitle('Sign in');
  const { name } = useChamber();
  const location = useLocation();
  const [params] = useSearchParams();
  const origin = originOf(location.state, params.get('from'));
  // Sent here after registering: say so, and fill in the address.
  const arrival = readLoginNotice(location.state);
  const { isAuthenticated } = useAuth();

  // Signed in (already, or just now through the form): on to where the visitor was going.
  if (isAuthenticated) return <Navigate to={origin ?? paths.home.href()} replace />;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-20">
      <Card>
        <CardHeader className="text-center">
          <h1 className="text-2xl font-bold tracking-tight">Sign in</h1>
          <CardDescription>Welcome back to the {name} member portal.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {arrival?.notice ? (
            <p
              role="status"
              className="flex gap-2 rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm font-medium text-success"
            >
              <CircleCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {arrival.notice}
            </p>
          ) : null}
          <LoginForm defaultEmail={arrival?.email} />
        </CardContent>
      </Card>
    </div>
  );
}
