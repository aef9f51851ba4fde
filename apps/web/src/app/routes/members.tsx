import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return <PlaceholderPage title="Member Directory" line="The member directory is coming soon." />;
}
