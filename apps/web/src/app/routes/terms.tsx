import { TermsOfService } from '@/features/legal/components/terms-of-service';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  const { name } = useChamber();
  useMetaDescription(`The terms of use of the ${name} member portal.`);
  return <TermsOfService />;
}
