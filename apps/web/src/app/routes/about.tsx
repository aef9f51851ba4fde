import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';

export function Component() {
  const { name } = useChamber();
  return (
    <PlaceholderPage
      title={`About the ${name}`}
      line="Our mission, vision and member benefits will be described here soon."
    >
      <Button asChild>
        <Link to={paths.contact.href()}>Contact Us</Link>
      </Button>
    </PlaceholderPage>
  );
}
