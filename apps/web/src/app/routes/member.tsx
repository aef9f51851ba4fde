import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return <PlaceholderPage title="Member Profile" line="Member profiles are coming soon." />;
}
