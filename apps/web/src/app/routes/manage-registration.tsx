import { ManageRegistrationPage } from '@/features/calendar/components/manage-registration-page';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  useMetaDescription('Change or cancel your event registration.');
  return <ManageRegistrationPage />;
}
