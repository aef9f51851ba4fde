import { Outlet, ScrollRestoration } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { FullPageLoading } from '@/components/layout/full-page-loading';
import { useAuth } from '@/lib/auth/use-auth';

export function RootLayout() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageLoading />;
  return (
    <AppShell>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}
