import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return <PlaceholderPage title="Event Details" line="Event details are coming soon." />;
}
