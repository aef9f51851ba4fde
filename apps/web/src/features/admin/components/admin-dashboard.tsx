import { BarChart3Icon, HistoryIcon, UsersIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/use-auth';
import { useAccessRevoked } from '../api/use-access-revoked';
import { AccessDenied } from './access-denied';
import { AuditLog } from './audit-log';
import { StatsOverview } from './stats-overview';
import { UserManagement } from './user-management';

const tabs = ['overview', 'users', 'audit'] as const;
type Tab = (typeof tabs)[number];
// Three tabs share a 360 px row: labels may wrap there, and icons show from 640 px.
const triggerClass =
  'gap-2 py-1.5 text-center whitespace-normal [&_svg]:hidden [&_svg]:size-4 sm:[&_svg]:block';
const isTab = (value: string | null): value is Tab => tabs.includes(value as Tab);

/**
 * The admin dashboard (spec §2): Overview, User Management and the audit log. The route
 * guard keeps other roles out; a session the server no longer takes for an admin's (its role
 * changed after sign-in) gets Access Denied here.
 */
export function AdminDashboard() {
  const { role } = useAuth();
  const revoked = useAccessRevoked();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'overview';

  if (role !== 'admin' || revoked) return <AccessDenied />;

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Manage member accounts and see how the chamber’s membership is made up."
      />
      <PageBody>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams(value === 'overview' ? {} : { tab: value }, { replace: true })
          }
          className="grid gap-2"
        >
          <TabsList
            aria-label="Admin sections"
            className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit"
          >
            <TabsTrigger value="overview" className={triggerClass}>
              <BarChart3Icon aria-hidden="true" />
              Overview
            </TabsTrigger>
            <TabsTrigger value="users" className={triggerClass}>
              <UsersIcon aria-hidden="true" />
              User Management
            </TabsTrigger>
            <TabsTrigger value="audit" className={triggerClass}>
              <HistoryIcon aria-hidden="true" />
              Audit Log
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <StatsOverview />
          </TabsContent>
          {/* Kept mounted, so the search and filters survive a look at another tab. */}
          <TabsContent value="users" forceMount className="data-[state=inactive]:hidden">
            <UserManagement />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLog />
          </TabsContent>
        </Tabs>
      </PageBody>
    </>
  );
}
