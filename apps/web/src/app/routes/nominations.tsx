import { NominationsPage } from '@/features/nominations/components/nominations-page';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  const { name } = useChamber();
  useMetaDescription(
    `Nominate a Business of the Month or a Customer Service Superstar, and meet the award winners of the ${name}.`,
  );
  return <NominationsPage />;
}
