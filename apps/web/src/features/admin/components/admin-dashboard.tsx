import {
  BarChart3Icon,
  BadgeDollarSignIcon,
  BriefcaseBusinessIcon,
  HeartHandshakeIcon,
  HistoryIcon,
  IdCardIcon,
  InboxIcon,
  MegaphoneIcon,
  PartyPopperIcon,
  MailWarningIcon,
  SettingsIcon,
  TagsIcon,
  TicketPercentIcon,
  UsersIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CelebrationsAdmin } from './celebrations-admin';
import { CampaignList } from './campaign-list';
import { useAuth } from '@/lib/auth/use-auth';
import { useAccessRevoked } from '../api/use-access-revoked';
import { AccessDenied } from './access-denied';
import { AtRiskMembers } from './at-risk';
import { AuditLog } from './audit-log';
import { ChamberSettings } from './chamber-settings';
import { DirectoryCategories } from './directory-categories';
import { FailedMail } from './failed-mail';
import { JobPostingsQueue } from './job-postings-queue';
import { MembershipPlans } from './membership-plans';
import { Memberships } from './memberships';
import { Messages } from './messages';
import { PromoCodes } from './promo-codes';
import { Insights } from './insights';
import { Today } from './today';
import { UserManagement } from './user-management';

/** The dashboard's tabs in order: each one's value in the address (?tab=), label and icon. */
const tabs = [
  { value: 'overview', label: 'Overview', icon: BarChart3Icon },
  { value: 'users', label: 'User Management', icon: UsersIcon },
  { value: 'memberships', label: 'Memberships', icon: IdCardIcon },
  { value: 'at-risk', label: 'At-risk members', icon: HeartHandshakeIcon },
  { value: 'plans', label: 'Membership plans', icon: BadgeDollarSignIcon },
  { value: 'promo-codes', label: 'Promo codes', icon: TicketPercentIcon },
  { value: 'audit', label: 'Audit Log', icon: HistoryIcon },
  { value: 'settings', label: 'Settings', icon: SettingsIcon },
  { value: 'messages', label: 'Messages', icon: InboxIcon },
  { value: 'jobs', label: 'Job Postings', icon: BriefcaseBusinessIcon },
  { value: 'categories', label: 'Categories', icon: TagsIcon },
  { value: 'celebrations', label: 'Celebrations', icon: PartyPopperIcon },
  { value: 'mail', label: 'Mail', icon: MailWarningIcon },
  { value: 'communications', label: 'Communications', icon: MegaphoneIcon },
] as const;
type Tab = (typeof tabs)[number]['value'];
// The tabs wrap onto rows at 360 px, each row shared out evenly; icons show from 640 px.
const triggerClass =
  'h-auto min-h-8 min-w-fit flex-auto gap-2 py-1.5 text-center whitespace-normal [&_svg]:hidden [&_svg]:size-4 md:flex-none sm:[&_svg]:block';
const isTab = (value: string | null): value is Tab => tabs.some((t) => t.value === value);

/** Tabs whose content stays mounted once opened, so work in progress survives a look away. */
type KeptTab = Extract<
  Tab,
  'users' | 'memberships' | 'plans' | 'settings' | 'messages' | 'categories'
>;

/**
 * The admin dashboard (docs/product.md#screens): Overview, User Management, the audit log, the chamber's
 * settings, the messages from its forms, and outgoing mail that failed. The route guard keeps other roles out; a session
 * the server no longer takes for an admin's (its role changed after sign-in) gets Access
 * Denied here.
 */
export function AdminDashboard() {
  const { role } = useAuth();
  const revoked = useAccessRevoked();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'overview';
  // Opened tabs, so a kept tab mounts on its first visit and not before.
  const [opened, setOpened] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  if (!opened.has(tab)) setOpened(new Set(opened).add(tab));

  if (role !== 'admin' || revoked) return <AccessDenied />;

  const kept = (value: KeptTab, content: ReactNode) => (
    <TabsContent value={value} forceMount className="data-[state=inactive]:hidden">
      {opened.has(value) ? content : null}
    </TabsContent>
  );

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Manage member accounts, the chamber’s settings and the messages it receives."
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
            className="flex h-auto w-full flex-wrap gap-1 md:w-fit"
          >
            {tabs.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className={triggerClass}>
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="grid gap-8">
            <Today />
            <Insights />
          </TabsContent>
          {/* Kept mounted: search and filters, and unsaved settings, survive a look elsewhere. */}
          {kept('users', <UserManagement />)}
          {kept('memberships', <Memberships />)}
          <TabsContent value="at-risk">
            <AtRiskMembers />
          </TabsContent>
          {kept('plans', <MembershipPlans />)}
          <TabsContent value="promo-codes">
            <PromoCodes />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLog />
          </TabsContent>
          {kept('settings', <ChamberSettings />)}
          {kept('messages', <Messages />)}
          <TabsContent value="jobs">
            <JobPostingsQueue />
          </TabsContent>
          {kept('categories', <DirectoryCategories />)}
          <TabsContent value="celebrations">
            <CelebrationsAdmin />
          </TabsContent>
          <TabsContent value="mail">
            <FailedMail />
          </TabsContent>
          <TabsContent value="communications">
            <CampaignList />
          </TabsContent>
        </Tabs>
      </PageBody>
    </>
  );
}
