import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <PlaceholderPage title="Create an Account" line="Online account registration is coming soon.">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.registerExisting.href()}>Register with existing contact</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.login.href()}>Sign in</Link>
        </Button>
      </div>
    </PlaceholderPage>
  );
}
