import { AboutPage } from '@/features/about/components/about-page';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMetaDescription } from '@/lib/use-meta-description';

export function Component() {
  const { name } = useChamber();
  useMetaDescription(
    `The mission and vision of the ${name}, and what membership brings: networking, visibility, education and community.`,
  );
  return <AboutPage />;
}
