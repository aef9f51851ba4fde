import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return (
    <PlaceholderPage
      title="Admin Dashboard"
      line="User management and membership statistics are coming soon."
    />
  );
}
