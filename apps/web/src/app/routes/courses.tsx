import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return <PlaceholderPage title="Courses" line="Education courses for members are coming soon." />;
}
