import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  const { name } = useChamber();
  useMetaDescription(
    `How the ${name} collects, uses and protects personal information in its member portal.`,
  );
  return <PrivacyPolicy />;
}
