import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <PlaceholderPage
      title="Nominations and Awards"
      line="Nomination forms for Business of the Month and Customer Service Superstar are coming soon."
    >
      <Button asChild>
        <Link to={paths.contact.href()}>Contact Us</Link>
      </Button>
    </PlaceholderPage>
  );
}
