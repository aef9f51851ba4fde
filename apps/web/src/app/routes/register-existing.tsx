import { Link } from 'react-router';
import { PlaceholderPage } from '@/components/layout/placeholder-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <PlaceholderPage
      title="Connect Your Membership"
      line="Connecting the membership record the chamber already has for you is coming soon."
    >
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.login.href()}>Sign in</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.join.href()}>Join the Chamber</Link>
        </Button>
      </div>
    </PlaceholderPage>
  );
}
