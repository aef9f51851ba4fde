import { AdminDashboard } from '@/features/admin/components/admin-dashboard';

export function Component() {
  return <AdminDashboard />;
}
