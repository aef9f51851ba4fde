import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription(
    'The staff dashboard: member accounts, statistics, chamber settings, messages and the audit log.',
  );
  return <AdminDashboard />;
}
