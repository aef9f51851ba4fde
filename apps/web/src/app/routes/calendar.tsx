import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return <PlaceholderPage title="Event Calendar" line="The event calendar is coming soon." />;
}
