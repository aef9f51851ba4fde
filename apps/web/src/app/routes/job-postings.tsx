import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return (
    <PlaceholderPage
      title="Job Postings"
      line="Job postings from member businesses are coming soon."
    />
  );
}
