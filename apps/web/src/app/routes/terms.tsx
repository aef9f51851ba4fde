import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return (
    <PlaceholderPage
      title="Terms of Service"
      line="The full terms of service will be published here soon."
    />
  );
}
