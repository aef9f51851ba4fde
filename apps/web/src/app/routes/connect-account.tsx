import { PlaceholderPage } from '@/components/layout/placeholder-page';

export function Component() {
  return (
    <PlaceholderPage
      title="Connect Your Account"
      line="Linking your sign-in to your business record is coming soon."
    />
  );
}
