import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      line="Effective October 1, 2025. The full policy text will be published here soon."
    />
  );
}
